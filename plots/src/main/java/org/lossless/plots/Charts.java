package org.lossless.plots;

/** Shared chart settings. */
final class Charts {
    private Charts() {
    }

    /** Charts are drawn off-screen: no display is needed (or used) on servers and in CI. */
    static void headless() {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }
}
