package org.lossless.core.text;

import java.util.Collection;

/**
 * "Did you mean" hints for misspelt keys, names and commands: the closest allowed word by Levenshtein
 * distance (case-insensitive), if it is close enough to be a plausible typo.
 */
public final class DidYouMean {
    /** Longer words get no suggestion. */
    static final int MAX_WORD = 100;

    private DidYouMean() {
    }

    /** The closest candidate within a distance of max(1, |word|/3) + 1, or null. */
    public static String closest(String word, Collection<String> candidates) {
        if (word.length() > MAX_WORD) {
            return null; // no typo of a key is this long, and the distance costs |word| x |candidate|
        }
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        int limit = Math.max(1, word.length() / 3) + 1;
        for (String c : candidates) {
            int d = distance(word.toLowerCase(java.util.Locale.ROOT), c.toLowerCase(java.util.Locale.ROOT));
            if (d < bestDistance) {
                bestDistance = d;
                best = c;
            }
        }
        return bestDistance <= limit ? best : null;
    }

    /** Levenshtein distance (insert, delete, substitute; each costs 1). */
    public static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                cur[j] = Math.min(sub, Math.min(prev[j] + 1, cur[j - 1] + 1));
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }

    /** {@code "; did you mean 'x'?"} or "" when nothing is close. */
    public static String hint(String word, Collection<String> candidates) {
        String c = closest(word, candidates);
        return c == null ? "" : "; did you mean '" + c + "'?";
    }

    /** {@code " (did you mean 'x'?)"} or "" when nothing is close. */
    public static String suffix(String word, Collection<String> candidates) {
        String c = closest(word, candidates);
        return c == null ? "" : " (did you mean '" + c + "'?)";
    }
}
