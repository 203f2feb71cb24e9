package org.lossless.plots.report;

/** The report cannot be made from these directories or written there; the message says why (bad input). */
public final class ReportException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ReportException(String message) {
        super(message);
    }
}
