package org.lossless.cli.warm;

import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;

import jdk.net.ExtendedSocketOptions;
import jdk.net.UnixDomainPrincipal;

/**
 * Who is at the other end of a Unix-domain socket, and whose a socket file is. The kernel's credentials of the
 * process at the other end ({@code SO_PEERCRED}: of the connecting client for the daemon, of the listening daemon for
 * a client) must be this user's: the daemon serves only its own user, and a client sends its arguments and
 * environment only to its own user's daemon. The private folder already keeps others out; this holds even if the
 * folder's permissions were changed, or a socket was moved into it, after the daemon started.
 */
final class WarmPeer {
    /** The file type bits of {@code unix:mode}, and those of a socket (S_IFMT, S_IFSOCK). */
    private static final int TYPE = 0170000;
    private static final int SOCKET = 0140000;

    private WarmPeer() {
    }

    /**
     * Whether the process at the other end of {@code c} runs as {@code me} (compared by uid: {@code me} is the owner
     * of the private folder, checked to be this process's uid). False when it cannot be told.
     */
    static boolean sameUser(SocketChannel c, UserPrincipal me) {
        try {
            UnixDomainPrincipal p = c.getOption(ExtendedSocketOptions.SO_PEERCRED);
            return me != null && p.user().equals(me);
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }

    /** Checks that {@code socket} is a socket file (not a link) of this user's; throws, saying why, otherwise. */
    static void checkSocket(Path socket) throws IOException {
        int mode = (Integer) Files.getAttribute(socket, "unix:mode", LinkOption.NOFOLLOW_LINKS);
        if ((mode & TYPE) != SOCKET) {
            throw new IOException(socket + " is not a socket" + (Files.isSymbolicLink(socket) ? " (a link)" : ""));
        }
        int uid = (Integer) Files.getAttribute(socket, "unix:uid", LinkOption.NOFOLLOW_LINKS);
        if (uid != WarmPaths.ownUid()) {
            throw new IOException(socket + " belongs to uid " + uid + ", not to you (uid " + WarmPaths.ownUid() + ")");
        }
    }
}
