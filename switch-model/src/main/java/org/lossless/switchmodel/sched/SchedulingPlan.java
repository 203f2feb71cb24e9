package org.lossless.switchmodel.sched;

/**
 * How every egress port of a switch chooses among its eight queues (a frame's queue comes from its traffic
 * class, {@code switch.qos_map.tc_to_queue}). Immutable and validated here.
 *
 * <ul>
 * <li>Queues in {@code strictMask} (bit q = queue q) are served first, higher queue number first.</li>
 * <li>Every other queue is served by DWRR with quantum {@code weights[q] x quantumBytes} bytes on the
 *     wire per round.</li>
 * </ul>
 *
 * @param strictMask   bit q set: queue q is strict priority (bits 0..7 only)
 * @param weights      DWRR weight per queue, length 8: 0 for a strict queue, 1..{@link #MAX_WEIGHT} otherwise
 * @param quantumBytes base quantum, bytes on the wire (frame + preamble + IFG); a queue of weight w earns
 *                     w x quantumBytes of credit per round
 */
public record SchedulingPlan(int strictMask, int[] weights, int quantumBytes) {
    public static final int QUEUES = 8;
    /** Largest DWRR weight (the range of SAI / SONiC SCHEDULER weight). */
    public static final int MAX_WEIGHT = 100;
    /** Smallest base quantum: a minimum Ethernet frame. */
    public static final int MIN_QUANTUM = 64;
    /** Largest base quantum, bytes. */
    public static final int MAX_QUANTUM = 1_000_000;

    public SchedulingPlan {
        if ((strictMask & ~0xFF) != 0) {
            throw new IllegalArgumentException("switch.scheduling: queues are 0..7");
        }
        if (weights == null || weights.length != QUEUES) {
            throw new IllegalArgumentException("switch.scheduling: 8 weights expected");
        }
        weights = weights.clone();
        for (int q = 0; q < QUEUES; q++) {
            boolean strict = (strictMask >>> q & 1) != 0;
            if (strict ? weights[q] != 0 : weights[q] < 1 || weights[q] > MAX_WEIGHT) {
                throw new IllegalArgumentException("switch.scheduling: queue " + q + (strict
                        ? " is strict and has a DWRR weight " + weights[q]
                        : " needs a DWRR weight in 1.." + MAX_WEIGHT + ", got " + weights[q]));
            }
        }
        if (strictMask == 0xFF) {
            quantumBytes = MIN_QUANTUM; // unused without DWRR queues; normalized so that equal behaviour is equal
        }
        if (quantumBytes < MIN_QUANTUM || quantumBytes > MAX_QUANTUM) {
            throw new IllegalArgumentException("switch.scheduling.quantum must be " + MIN_QUANTUM + ".." + MAX_QUANTUM
                    + " bytes, got " + quantumBytes);
        }
    }

    /** Pure strict priority over all eight queues (the default); the quantum is unused. */
    public static SchedulingPlan strictPriority() {
        return new SchedulingPlan(0xFF, new int[QUEUES], MIN_QUANTUM);
    }

    @Override
    public int[] weights() {
        return weights.clone();
    }

    /** DWRR credit queue {@code q} earns per round, bytes on the wire (0 for a strict queue). */
    public int quantum(int q) {
        return weights[q] * quantumBytes;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SchedulingPlan p && p.strictMask == strictMask && p.quantumBytes == quantumBytes
                && java.util.Arrays.equals(p.weights, weights);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * strictMask + quantumBytes) + java.util.Arrays.hashCode(weights);
    }

    @Override
    public String toString() {
        return "SchedulingPlan[strict=" + Integer.toBinaryString(strictMask) + ", weights="
                + java.util.Arrays.toString(weights) + ", quantum=" + quantumBytes + "B]";
    }
}
