#!/usr/bin/perl
# The launcher's client of the warm JVM (`lossless daemon`; cli/src/main/java/org/lossless/cli/warm/ has the server
# and the protocol): a perl process costs about 0.04 s of CPU where a JVM as client costs about 0.3 s.
# Used by ./lossless only:
#   warm-client.pl (SOCKET | --pointer FILE) LAUNCH-FINGERPRINT COLUMNS N JAVA-COMMAND(N words) LOSSLESS-ARGUMENTS...
# (FILE: the daemon's pointer beside lossless.jar, whose first line is the socket's path.)
# Before it sends a byte it checks that the daemon is the user's own: the pointer a regular file (not a link) of the
# user's that no one else may read or write, the socket's folder a real folder of the user's that no one else may
# enter (rwx------), the socket a socket file of the user's, and the process listening on it the user's (the kernel's
# peer credentials, SO_PEERCRED). Otherwise the command runs in its own JVM, and LOSSLESS_DEBUG=1 says why: another
# user who plants a socket, a folder or a pointer learns nothing of the command and cannot answer for the daemon.
# Then it sends the command with the working directory, the environment and the umask; copies the command's stdout
# and stderr; exits with its status. When the daemon is not there or does not take the command (busy, another environment), it
# replaces itself (exec, same pid) by the JAVA-COMMAND, which runs the command in a JVM of its own as usual.
# SIGINT and SIGTERM ask the daemon to interrupt the command; after its last words this process exits with 130 or
# 143, as a JVM of its own would (a SIGINT ignored when this started, as in a background job, stays ignored).
use strict;
use warnings;
use IO::Socket::UNIX;
use Socket qw(SOCK_STREAM SOL_SOCKET SO_PEERCRED);
use Cwd qw(getcwd);
use POSIX qw(EINTR);
use Fcntl qw(:mode O_RDONLY O_NOFOLLOW O_NONBLOCK);

my ($pointer, $path);
if ($ARGV[0] eq '--pointer') {
    (undef, $pointer) = splice(@ARGV, 0, 2);
} else {
    $path = shift @ARGV;
}
my ($fingerprint, $columns, $n, @rest) = @ARGV;
my @java = splice(@rest, 0, $n);
my @args = @rest;

sub own_jvm {
    no warnings 'exec';
    $ENV{LOSSLESS_DAEMON} = '0'; # its JVM does not ask the daemon again
    exec { $java[0] } @java, @args;
    print STDERR "lossless: cannot run $java[0]: $!\n";
    exit 1;
}

sub distrust {
    print STDERR "lossless: not using the daemon ($_[0]); running the command here\n" if exists $ENV{LOSSLESS_DEBUG};
    own_jvm();
}

# Why FILE (whose lstat, or fstat of an open handle, is @st) is not the user's own, or undef.
sub not_own {
    my ($file, $what, $type_ok, $mode_ok, $mode_text, @st) = @_;
    return "$what $file is a link" if S_ISLNK($st[2]);
    return "$what $file is not a " . ($what eq 'folder' ? 'folder' : $what eq 'socket' ? 'socket' : 'regular file')
        unless $type_ok->($st[2]);
    return "$what $file belongs to uid $st[4], not to you (uid $>)" if $st[4] != $>;
    return sprintf("%s %s is open to other users (%04o); it must be %s", $what, $file, S_IMODE($st[2]), $mode_text)
        unless $mode_ok->(S_IMODE($st[2]));
    return undef;
}

if (defined $pointer) {
    # opened without following a link and without waiting on a FIFO, then judged by what was opened (no race)
    sysopen(my $fh, $pointer, O_RDONLY | O_NOFOLLOW | O_NONBLOCK) or do {
        distrust("pointer $pointer is a link") if -l $pointer;
        own_jvm();
    };
    my $why = not_own($pointer, 'pointer', sub { S_ISREG($_[0]) }, sub { ($_[0] & 077) == 0 }, 'rw-------',
        stat($fh));
    distrust($why) if defined $why;
    $path = <$fh>;
    close $fh;
    own_jvm() unless defined $path;
    chomp $path;
}
# (lstat: a link is judged itself, never what it points to)
my $folder = $path =~ m{^(.*)/[^/]*$} ? ($1 eq '' ? '/' : $1) : '.';
my @folder = lstat($folder) or own_jvm(); # no daemon
my $why = not_own($folder, 'folder', sub { S_ISDIR($_[0]) }, sub { $_[0] == 0700 }, 'rwx------', @folder);
distrust($why) if defined $why;
my @socket = lstat($path) or own_jvm(); # no daemon
$why = not_own($path, 'socket', sub { S_ISSOCK($_[0]) }, sub { 1 }, '', @socket);
distrust($why) if defined $why;

my $s = IO::Socket::UNIX->new(Type => SOCK_STREAM, Peer => $path) or own_jvm();
my $cred = getsockopt($s, SOL_SOCKET, SO_PEERCRED);
my (undef, $peer_uid) = defined $cred ? unpack('i i i', $cred) : (0, -1);
if ($peer_uid != $>) {
    close $s;
    distrust("the process listening on $path is not yours");
}
binmode $s;
binmode STDOUT;
binmode STDERR;

sub str { my $b = shift; return pack('N', length $b) . $b; }

sub write_all {
    my ($fh, $data) = @_;
    while (length $data) {
        my $w = syswrite($fh, $data);
        if (!defined $w) {
            next if $! == EINTR;
            return 0;
        }
        substr($data, 0, $w) = '';
    }
    return 1;
}

sub read_exactly {
    my $want = shift;
    my $buf = '';
    while (length($buf) < $want) {
        my $r = sysread($s, $buf, $want - length($buf), length($buf));
        if (!defined $r) {
            next if $! == EINTR;
            return undef;
        }
        return undef if $r == 0;
    }
    return $buf;
}

my @keys = sort keys %ENV;
my $request = pack('NN', 0x4C534C57, 3) . 'R'
    . pack('N', scalar @args) . join('', map { str($_) } @args)
    . str(getcwd())
    . pack('N', scalar @keys) . join('', map { str($_) . str($ENV{$_}) } @keys)
    . str("launch:$fingerprint")
    . pack('C', (-t STDIN && -t STDOUT) ? 1 : 0)
    . pack('l>', $columns)
    . pack('l>', umask());
write_all($s, $request) or own_jvm();

my $signal = 0;
my $on_signal = sub {
    return if $signal;
    $signal = $_[0] eq 'INT' ? 2 : 15;
    write_all($s, 'I');
    alarm(8); # the daemon's writers get 5 s to clean up
};
$SIG{TERM} = $on_signal;
$SIG{INT} = $on_signal unless defined $SIG{INT} && $SIG{INT} eq 'IGNORE';
$SIG{ALRM} = sub { exit(128 + $signal) };
$SIG{PIPE} = 'IGNORE'; # a closed stdout loses output, as for a JVM of its own; the command goes on

my $first = 1;
while (1) {
    my $kind = read_exactly(1);
    if (!defined $kind) {
        own_jvm() if $first && !$signal;
        exit(128 + $signal) if $signal;
        print STDERR "lossless: the daemon ended during the command (see 'lossless daemon status'); "
            . "its results, if any, were not written\n";
        exit 1;
    }
    if ($kind eq 'N' && $first) {
        my $why = read_exactly(unpack('N', read_exactly(4) // pack('N', 0))) // '';
        print STDERR "lossless: the daemon did not take the command ($why); running it here\n"
            if exists $ENV{LOSSLESS_DEBUG};
        close $s;
        own_jvm();
    }
    $first = 0;
    if ($kind eq 'X') {
        my $code = unpack('l>', read_exactly(4) // pack('l>', 1));
        exit($signal ? 128 + $signal : $code);
    }
    my $len = unpack('N', read_exactly(4) // pack('N', 0));
    my $data = read_exactly($len) // '';
    write_all($kind eq 'O' ? \*STDOUT : \*STDERR, $data);
}
