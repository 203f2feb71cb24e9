package org.lossless.nic.dcqcn;

import java.util.Collection;

/** "Did you mean" suggestions for misspelt keys and names (Levenshtein distance). */
public final class DidYouMean {
    private DidYouMean() {
    }

    /** The closest candidate within a small edit distance, or null. */
    public static String closest(String input, Collection<String> candidates) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String c : candidates) {
            int d = distance(input.toLowerCase(java.util.Locale.ROOT), c.toLowerCase(java.util.Locale.ROOT));
            if (d < bestDistance) {
                bestDistance = d;
                best = c;
            }
        }
        int limit = Math.max(2, input.length() / 3);
        return bestDistance <= limit ? best : null;
    }

    /** {@code " (did you mean 'x'?)"} or an empty string. */
    public static String suffix(String input, Collection<String> candidates) {
        String c = closest(input, candidates);
        return c == null ? "" : " (did you mean '" + c + "'?)";
    }

    static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
