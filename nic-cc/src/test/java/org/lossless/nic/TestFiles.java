package org.lossless.nic;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;

/**
 * A test resource as a file path, found on the class path (target/test-classes), so that a test does not
 * depend on the working directory: the mutation profile runs every module's tests from experiments/.
 */
public final class TestFiles {
    private TestFiles() {
    }

    /** The file or directory {@code src/test/resources/<name>} of this module, as copied to test-classes. */
    public static Path resource(String name) {
        URL url = TestFiles.class.getResource("/" + name);
        if (url == null) {
            throw new IllegalArgumentException("no test resource " + name);
        }
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
