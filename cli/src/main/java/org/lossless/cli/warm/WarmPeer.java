package org.lossless.cli.warm;

import java.io.IOException;
import java.nio.channels.SocketChannel;

import jdk.net.ExtendedSocketOptions;
import jdk.net.UnixDomainPrincipal;

/**
 * The user at the other end of a Unix-domain socket (the kernel's credentials of the connecting process,
 * {@code SO_PEERCRED}): the daemon serves only its own user. Its folder already keeps others out; this holds even if
 * the folder's permissions were changed after the daemon started.
 */
final class WarmPeer {
    private WarmPeer() {
    }

    static boolean sameUser(SocketChannel c) {
        try {
            UnixDomainPrincipal p = c.getOption(ExtendedSocketOptions.SO_PEERCRED);
            return p.user().getName().equals(System.getProperty("user.name"));
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }
}
