#!/usr/bin/perl
# The launcher's client of the warm JVM (`lossless daemon`; cli/src/main/java/org/lossless/cli/warm/ has the server
# and the protocol): a perl process costs about 0.04 s of CPU where a JVM as client costs about 0.3 s.
# Used by ./lossless only:
#   warm-client.pl SOCKET LAUNCH-FINGERPRINT COLUMNS N JAVA-COMMAND(N words) LOSSLESS-ARGUMENTS...
# Sends the command with the working directory and the environment; copies the command's stdout and stderr; exits
# with its status. When the daemon is not there or does not take the command (busy, another environment), it
# replaces itself (exec, same pid) by the JAVA-COMMAND, which runs the command in a JVM of its own as usual.
# SIGINT and SIGTERM ask the daemon to interrupt the command; after its last words this process exits with 130 or
# 143, as a JVM of its own would (a SIGINT ignored when this started, as in a background job, stays ignored).
use strict;
use warnings;
use IO::Socket::UNIX;
use Socket qw(SOCK_STREAM);
use Cwd qw(getcwd);
use POSIX qw(EINTR);

my ($path, $fingerprint, $columns, $n, @rest) = @ARGV;
my @java = splice(@rest, 0, $n);
my @args = @rest;

sub own_jvm {
    no warnings 'exec';
    $ENV{LOSSLESS_DAEMON} = '0'; # its JVM does not ask the daemon again
    exec { $java[0] } @java, @args;
    print STDERR "lossless: cannot run $java[0]: $!\n";
    exit 1;
}

my $s = IO::Socket::UNIX->new(Type => SOCK_STREAM, Peer => $path) or own_jvm();
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
my $request = pack('NN', 0x4C534C57, 2) . 'R'
    . pack('N', scalar @args) . join('', map { str($_) } @args)
    . str(getcwd())
    . pack('N', scalar @keys) . join('', map { str($_) . str($ENV{$_}) } @keys)
    . str("launch:$fingerprint")
    . pack('C', (-t STDIN && -t STDOUT) ? 1 : 0)
    . pack('l>', $columns);
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
