package org.lossless.nic;

import org.lossless.nic.cc.CcAlgorithm;

/**
 * Makes a {@link CcAlgorithm} by name for one NIC. {@link CcAlgorithms#BUILT_IN} knows the implemented
 * algorithms; a test may hand a NIC its own factory.
 */
@FunctionalInterface
public interface CcFactory {
    /**
     * The algorithm {@code name} with the parameters of {@code config}, at line rate {@code lineRateBps}.
     *
     * @throws IllegalArgumentException for a name it does not implement or a missing parameter set
     */
    CcAlgorithm create(String name, NicConfig config, long lineRateBps);
}
