package org.lossless.core.kernel;

import nl.tudelft.simulation.dsol.experiment.SingleReplication;
import nl.tudelft.simulation.naming.context.JvmContext;

/**
 * One {@link Kernel#runUntil} as a DSOL replication, registered in a naming context of its own
 * instead of DSOL's JVM-wide one.
 *
 * <p>Why: DSOL's {@code SingleReplication} looks up the JVM-wide {@code InitialEventContext}, which
 * searches the class path for {@code jndi.properties} and, inside a jar, opens the whole jar as a
 * zip file system (about 0.1 s of thread CPU for the 16 MB CLI jar, measured cold, at every start of the JVM). Lossless never
 * looks a replication up by name; DSOL's statistics ({@code SimTally}, {@code SimCounter}, ...) only
 * need some context to register in, and get this private one. Parallel kernels therefore share no
 * naming state.
 */
final class KernelReplication extends SingleReplication<Long> {
    private static final long serialVersionUID = 1L;

    /** A replication {@code id} from {@code startPs} running {@code lengthPs}, without warm-up. */
    KernelReplication(String id, long startPs, long lengthPs) {
        super(id, startPs, 0L, lengthPs);
    }

    @Override
    protected void setContext() {
        setContext(new JvmContext(getId()));
    }

    @Override
    public void removeFromContext() {
        setContext(null);
    }
}
