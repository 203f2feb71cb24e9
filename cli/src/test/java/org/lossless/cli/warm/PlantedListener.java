package org.lossless.cli.warm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What another user plants where a daemon's socket would be: a listener (a perl process running as {@link OtherUser})
 * that records every connection and every byte it receives, and answers each connection at once with a forged reply
 * (the output "results in /forged" and exit status 0), as an attacker who wants a victim's environment would.
 */
final class PlantedListener implements AutoCloseable {
    /** The forged output line: a client that believes the reply prints it. */
    static final String FORGED = "results in /forged";
    private static final String SCRIPT = """
            use strict; use warnings; use IO::Socket::UNIX; use Socket qw(SOCK_STREAM);
            my ($path, $log) = @ARGV;
            unlink $path;
            my $srv = IO::Socket::UNIX->new(Type => SOCK_STREAM, Local => $path, Listen => 16) or die "$path: $!";
            chmod 0777, $path;
            $SIG{ALRM} = sub { exit 0 }; alarm 600; # never outlives its test for long
            open(my $r, '>', "$log.ready") or die; close $r;
            while (my $c = $srv->accept) {
                open(my $l, '>>', "$log.accepted") or die; print $l "accepted\\n"; close $l;
                my $forged = "FORGED\\n";
                syswrite($c, 'O' . pack('N', length $forged) . $forged . 'X' . pack('N', 0));
                open(my $b, '>>', "$log.bytes") or die; binmode $b;
                my $buf;
                while (sysread($c, $buf, 65536)) { print $b $buf; }
                close $b; close $c;
            }
            """.replace("FORGED", FORGED);

    final Path socket;
    private final Path log;
    private final Process process;

    /** Starts listening on {@code socket}, a path in {@code folder} (a folder of {@code user}'s); waits until it does. */
    PlantedListener(OtherUser user, Path folder, String name) throws IOException, InterruptedException {
        this.socket = folder.resolve(name);
        this.log = folder.resolve("listener");
        process = new ProcessBuilder(user.as(List.of("perl", "-e", SCRIPT, socket.toString(), log.toString())))
                .redirectErrorStream(true).redirectOutput(folder.resolve("listener.out").toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!Files.exists(folder.resolve("listener.ready"))) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                throw new IOException("the planted listener did not start: "
                        + Files.readString(folder.resolve("listener.out")));
            }
            Thread.sleep(20);
        }
    }

    /** Connections it accepted so far. */
    long accepted() throws IOException {
        Path f = log.resolveSibling("listener.accepted");
        return Files.exists(f) ? Files.readAllLines(f).size() : 0;
    }

    /** Bytes it received so far (a client's request: its arguments, directory and environment). */
    long received() throws IOException {
        Path f = log.resolveSibling("listener.bytes");
        return Files.exists(f) ? Files.size(f) : 0;
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }
}
