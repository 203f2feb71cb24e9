package org.lossless.cli.warm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * Paths that name the state of the process that opens them: {@code /proc/self}, {@code /proc/thread-self},
 * {@code /proc/PID} of the daemon itself, and whatever leads there through links ({@code /dev/fd}, {@code /dev/stdin},
 * {@code /dev/stdout}, {@code /dev/stderr}, a user's link to {@code /proc/self/cwd}). In the daemon such a path names
 * the daemon's working directory and files, not the client's: {@code --out /proc/self/cwd/x} would write into the
 * daemon's folder. A command with such an argument runs in the client's own JVM instead, where it means what the
 * user meant.
 */
final class ProcessPaths {
    /** Links followed while resolving one argument, as the kernel's limit (ELOOP). */
    private static final int MAX_LINKS = 40;

    private ProcessPaths() {
    }

    /** The first of {@code args} (or of its value after '=') that leads into this process's state, or null. */
    static String find(List<String> args, Path cwd) {
        for (String a : args) {
            int eq = a.indexOf('=');
            if (ownState(a, cwd) || eq >= 0 && ownState(a.substring(eq + 1), cwd)) {
                return a;
            }
        }
        return null;
    }

    /** Whether {@code arg}, as a path against {@code cwd}, reaches this process's state (links followed). */
    static boolean ownState(String arg, Path cwd) {
        if (arg.isEmpty() || arg.startsWith("-") && !arg.contains("/")) {
            return false;
        }
        Path p;
        try {
            p = cwd.resolve(arg);
        } catch (InvalidPathException e) {
            return false;
        }
        Deque<String> todo = new ArrayDeque<>();
        p.forEach(n -> todo.add(n.toString()));
        Path root = p.getRoot();
        Path at = root;
        int links = 0;
        while (!todo.isEmpty()) {
            String n = todo.removeFirst();
            if (n.equals(".")) {
                continue;
            }
            if (n.equals("..")) {
                at = at.getParent() == null ? root : at.getParent();
                continue;
            }
            Path next = at.resolve(n);
            if (isOwnState(next)) {
                return true;
            }
            if (Files.isSymbolicLink(next)) {
                if (++links > MAX_LINKS) {
                    return false; // the kernel refuses it too
                }
                Path target;
                try {
                    target = Files.readSymbolicLink(next);
                } catch (IOException e) {
                    return false;
                }
                List<String> names = new java.util.ArrayList<>();
                target.forEach(t -> names.add(t.toString()));
                for (int i = names.size() - 1; i >= 0; i--) {
                    todo.addFirst(names.get(i));
                }
                if (target.isAbsolute()) {
                    at = root;
                }
                continue;
            }
            at = next;
        }
        return false;
    }

    private static boolean isOwnState(Path p) {
        return p.startsWith("/proc/self") || p.startsWith("/proc/thread-self")
                || p.startsWith("/proc/" + ProcessHandle.current().pid());
    }
}
