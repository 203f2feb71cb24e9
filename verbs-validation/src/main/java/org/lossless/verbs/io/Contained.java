package org.lossless.verbs.io;

import java.io.IOException;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

import org.lossless.verbs.VerbsException;

/**
 * Paths a plan or bundle names ({@code plan.json}, {@code bundle.json} and the files they list): each resolves inside
 * its directory, or the input is refused naming the field. A path is refused when it is absolute, when it leaves the
 * directory once normalised ({@code ../}), or when the file exists and its real path (every link followed) lies
 * outside the directory's real path: a bundle from someone else can then neither read {@code /etc/shadow} into a
 * measurement record nor make {@code replay run} write outside its bundle.
 */
public final class Contained {
    private Contained() {
    }

    /**
     * The file {@code name} (as an index file writes it: relative to {@code dir}) inside {@code dir}.
     *
     * @param what  the directory in messages, e.g. "the bundle"
     * @param where the field in messages, e.g. {@code run1/bundle.json: processes[0].stdout}
     */
    public static Path file(Path dir, String name, String what, String where) {
        if (name == null || name.isEmpty()) {
            throw new VerbsException(where + ": missing (a file inside " + what + ")");
        }
        String shown = "'" + name + "' ";
        Path rel;
        try {
            rel = Path.of(name);
        } catch (InvalidPathException e) {
            throw new VerbsException(where + ": " + shown + "is not a file name");
        }
        Path base = dir.toAbsolutePath().normalize();
        Path f = base.resolve(rel).normalize();
        if (rel.isAbsolute() || !f.startsWith(base) || f.equals(base)) {
            throw new VerbsException(where + ": " + shown + "is outside " + what + " (files are named relative to it)");
        }
        noLinkOut(base, f, what, where + ": " + shown);
        return f;
    }

    /** {@code dir}'s own file {@code name} (plan.json, bundle.json): not a link to a file outside it. */
    public static Path own(Path dir, String name, String what, String display) {
        Path base = dir.toAbsolutePath().normalize();
        Path f = base.resolve(name);
        noLinkOut(base, f, what, display + "/" + name + ": ");
        return f;
    }

    private static void noLinkOut(Path base, Path f, String what, String prefix) {
        Path real;
        Path realBase;
        try {
            real = f.toRealPath();
            realBase = base.toRealPath();
        } catch (NoSuchFileException e) {
            return; // nothing there (or a dangling link): nothing is read through it
        } catch (IOException e) {
            throw new VerbsException(prefix + "cannot be resolved: " + e.getMessage());
        }
        if (!real.startsWith(realBase)) {
            throw new VerbsException(prefix + "is a link to a file outside " + what);
        }
    }
}
