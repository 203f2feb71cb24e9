package org.lossless.nic.fluid;

import org.lossless.nic.dcqcn.DcqcnParams;

/**
 * Inputs of the CoNEXT'16 DCQCN fluid model (reference dcqcn.md §5): N flows through one
 * bottleneck of capacity C with RED marking, in project units (ps, bps, bytes). The model itself
 * counts in packets of {@code packetBytes} (1 KB in the paper) and seconds; see {@link #modelUnits()}.
 *
 * @param flows               N
 * @param capacityBps         bottleneck capacity C (also every flow's maximum rate)
 * @param feedbackDelayPs     control-loop delay tau*
 * @param alphaGain           g
 * @param cnpIntervalPs       tau, the NP's CNP interval
 * @param alphaUpdatePeriodPs tau', the alpha decay interval
 * @param rateIncreaseTimerPs T (0 = no timer increase)
 * @param byteCounterBytes    B (0 = no byte counter)
 * @param fastRecoverySteps   F
 * @param additiveIncreaseBps R_AI
 * @param kminBytes           RED K_min
 * @param kmaxBytes           RED K_max
 * @param pmax                RED P_max
 * @param packetBytes         the model's packet (1000 B)
 * @param queueCapBytes       the queue is capped here (80 MB, as the reference MATLAB)
 */
public record FluidParams(
    int flows,
    long capacityBps,
    long feedbackDelayPs,
    double alphaGain,
    long cnpIntervalPs,
    long alphaUpdatePeriodPs,
    long rateIncreaseTimerPs,
    long byteCounterBytes,
    int fastRecoverySteps,
    long additiveIncreaseBps,
    long kminBytes,
    long kmaxBytes,
    double pmax,
    long packetBytes,
    long queueCapBytes) {

    public static final long DEFAULT_PACKET_BYTES = 1_000;
    public static final long DEFAULT_QUEUE_CAP_BYTES = 80_000_000L;

    public FluidParams {
        if (flows < 1) {
            throw new IllegalArgumentException("flows must be >= 1, got " + flows);
        }
        if (capacityBps <= 0) {
            throw new IllegalArgumentException("rate must be > 0, got " + capacityBps + " bps");
        }
        if (feedbackDelayPs < 0) {
            throw new IllegalArgumentException("delay must be >= 0, got " + feedbackDelayPs + " ps");
        }
        if (cnpIntervalPs <= 0) {
            throw new IllegalArgumentException("nic.dcqcn.cnp_interval must be > 0 for the fluid model (it is the"
                + " model's CNP window tau), got " + cnpIntervalPs + " ps");
        }
        if (alphaUpdatePeriodPs <= 0) {
            throw new IllegalArgumentException("nic.dcqcn.alpha_update_period must be > 0, got "
                + alphaUpdatePeriodPs + " ps");
        }
        if (rateIncreaseTimerPs < 0 || byteCounterBytes < 0 || fastRecoverySteps < 0 || additiveIncreaseBps < 0) {
            throw new IllegalArgumentException("rate_increase_timer, byte_counter, fast_recovery_steps and"
                + " additive_increase must be >= 0");
        }
        if (rateIncreaseTimerPs == 0 && byteCounterBytes == 0) {
            throw new IllegalArgumentException("the fluid model needs a rate-increase timer or a byte counter"
                + " (nic.dcqcn.rate_increase_timer and byte_counter are both 0)");
        }
        if (!(alphaGain > 0 && alphaGain <= 1)) {
            throw new IllegalArgumentException("nic.dcqcn.alpha_gain must be in (0, 1], got " + alphaGain);
        }
        if (kminBytes < 0 || kmaxBytes <= kminBytes) {
            throw new IllegalArgumentException("switch.ecn: need 0 <= kmin < kmax, got kmin " + kminBytes
                + " B, kmax " + kmaxBytes + " B");
        }
        if (!(pmax > 0 && pmax <= 1)) {
            throw new IllegalArgumentException("switch.ecn.pmax must be in (0, 1], got " + pmax);
        }
        if (packetBytes <= 0 || queueCapBytes <= kmaxBytes) {
            throw new IllegalArgumentException("packetBytes must be > 0 and queueCapBytes > kmax");
        }
    }

    /** Fluid inputs from a DCQCN configuration and the switch's RED settings. */
    public static FluidParams of(DcqcnParams d, int flows, long capacityBps, long feedbackDelayPs,
                                 long kminBytes, long kmaxBytes, double pmax) {
        return new FluidParams(flows, capacityBps, feedbackDelayPs, d.alphaGain(), d.cnpIntervalPs(),
            d.alphaUpdatePeriodPs(), d.rateIncreaseTimerPs(), d.byteCounterBytes(), d.fastRecoverySteps(),
            d.additiveIncreaseBps(), kminBytes, kmaxBytes, pmax, DEFAULT_PACKET_BYTES, DEFAULT_QUEUE_CAP_BYTES);
    }

    /** The CoNEXT'16 setting: profile paper2015, RED 5 KB / 200 KB / 1 %. */
    public static FluidParams paper(int flows, long capacityBps, long feedbackDelayPs) {
        return of(DcqcnParams.profile("paper2015", capacityBps), flows, capacityBps, feedbackDelayPs,
            5_000, 200_000, 0.01);
    }

    /** A copy with another number of flows. */
    public FluidParams withFlows(int n) {
        return new FluidParams(n, capacityBps, feedbackDelayPs, alphaGain, cnpIntervalPs, alphaUpdatePeriodPs,
            rateIncreaseTimerPs, byteCounterBytes, fastRecoverySteps, additiveIncreaseBps, kminBytes, kmaxBytes,
            pmax, packetBytes, queueCapBytes);
    }

    /** The parameters in model units: packets of {@code packetBytes}, packets per second, seconds. */
    public ModelUnits modelUnits() {
        double pktBits = 8.0 * packetBytes;
        return new ModelUnits(flows, capacityBps / pktBits, feedbackDelayPs * 1e-12, alphaGain,
            cnpIntervalPs * 1e-12, alphaUpdatePeriodPs * 1e-12, rateIncreaseTimerPs * 1e-12,
            (double) byteCounterBytes / packetBytes, fastRecoverySteps, additiveIncreaseBps / pktBits,
            (double) kminBytes / packetBytes, (double) kmaxBytes / packetBytes, pmax,
            (double) queueCapBytes / packetBytes, packetBytes);
    }

    /**
     * Model units: rates in packets/s, times in s, sizes in packets (0 for a disabled timer or byte counter).
     */
    public record ModelUnits(int n, double c, double delay, double g, double tau, double tauPrime, double timer,
                             double byteCounter, int f, double rai, double kmin, double kmax, double pmax,
                             double queueCap, long packetBytes) {
        /** RED marking probability of a queue of {@code q} packets (dcqcn.md §1). */
        public double red(double q) {
            if (q <= kmin) {
                return 0;
            }
            if (q > kmax) {
                return 1;
            }
            return pmax * (q - kmin) / (kmax - kmin);
        }

        /** bps per packet/s. */
        public double bitsPerPacket() {
            return 8.0 * packetBytes;
        }
    }
}
