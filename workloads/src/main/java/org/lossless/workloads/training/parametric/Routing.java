package org.lossless.workloads.training.parametric;

import org.lossless.workloads.collective.PairSizes;

/**
 * Where an MoE layer's tokens go. Each rank of an expert group holds experts/ep consecutive experts (rank j:
 * experts j·E/ep .. (j+1)·E/ep - 1). Every rank routes its T tokens of a micro-batch the same way: each token goes to
 * top_k experts, expert e receiving the share w_e / sum(w) of the T·top_k assignments, so rank j receives
 * {@code floor(T·top_k·W_j / W)} tokens from every rank of the group (W_j: the weights of its experts), its own
 * included. A token is h x dtype bytes on the wire; a rank's tokens for itself stay local.
 *
 * <p>Forward: dispatch (i to j: those tokens) then combine (j to i: their outputs, the same bytes); backward: the
 * gradients go the same two ways in the same order.
 */
final class Routing {
    private final long[] tokensTo;
    private final PairSizes dispatch;
    private final PairSizes combine;
    private final long tokens;
    private final long dispatchSize;
    private final long combineSize;

    /**
     * @param tokens tokens each rank dispatches per micro-batch (T)
     * @param ep     ranks of the expert group
     */
    Routing(ModelShape m, long tokens, int ep) {
        this.tokens = tokens;
        double[] w = m.expertWeights();
        double total = 0;
        for (double x : w) {
            total += x;
        }
        int per = m.experts() / ep;
        tokensTo = new long[ep];
        for (int j = 0; j < ep; j++) {
            double wj = 0;
            for (int e = j * per; e < (j + 1) * per; e++) {
                wj += w[e];
            }
            tokensTo[j] = (long) Math.floor(tokens * (double) m.topK() * wj / total);
        }
        long tokenBytes = m.hidden() * m.dtypeBytes();
        long[][] d = new long[ep][ep];
        long[][] c = new long[ep][ep];
        for (int i = 0; i < ep; i++) {
            for (int j = 0; j < ep; j++) {
                d[i][j] = i == j ? 0 : tokensTo[j] * tokenBytes;
                c[j][i] = d[i][j];
            }
        }
        dispatch = ep > 1 ? PairSizes.explicit(d) : null;
        combine = ep > 1 ? PairSizes.explicit(c) : null;
        dispatchSize = ep > 1 ? PairSizes.ncclTestsSize(d) : 0;
        combineSize = ep > 1 ? PairSizes.ncclTestsSize(c) : 0;
    }

    /** Tokens every rank sends to expert rank {@code j} per micro-batch. */
    long tokensTo(int j) {
        return tokensTo[j];
    }

    /** Tokens expert rank {@code j} processes per micro-batch (from every rank of the group, itself included). */
    long tokensAt(int j) {
        return tokensTo[j] * tokensTo.length;
    }

    /** Tokens each rank dispatches (T). */
    long tokens() {
        return tokens;
    }

    /** Dispatch bytes per pair (null for a group of one). */
    PairSizes dispatch() {
        return dispatch;
    }

    /** Combine bytes per pair (null for a group of one). */
    PairSizes combine() {
        return combine;
    }

    /** nccl-tests' size of the dispatch; 0 when nothing crosses between ranks (no call is made then). */
    long dispatchSize() {
        return dispatchSize;
    }

    /** nccl-tests' size of the combine (the busiest expert rank's sends); 0 when nothing crosses. */
    long combineSize() {
        return combineSize;
    }
}
