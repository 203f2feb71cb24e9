package org.lossless.topology;

/**
 * Per-flow ECMP: a seeded hash of the RoCEv2 5-tuple (source and destination IP, here host numbers;
 * UDP source port, which RoCEv2 NICs set per QP; UDP destination port 4791; protocol UDP) reduced to
 * one of N equal-cost candidates.
 *
 * <p>Each switch has its own seed ({@link #switchSeed(long, int)}), derived from the scenario seed and
 * the switch's node id. Different seeds per switch avoid hash polarisation (a ToR and an aggregation
 * switch making correlated choices, which leaves some paths unused); deriving them from the scenario
 * seed makes flow collisions change with the seed the way hash luck does on real fabrics.
 *
 * <p>Pure and allocation-free: every method is a few multiplies and shifts on primitives. The mixer is
 * the 64-bit finaliser of SplitMix64 (Stafford's variant 13), which passes avalanche tests; the
 * reduction to [0, n) is Lemire's multiply-shift (no division, bias below n / 2^32).
 */
public final class EcmpHash {
    /** IANA UDP destination port of RoCEv2. */
    public static final int ROCE_V2_UDP_PORT = 4791;
    /** IP protocol number of UDP. */
    public static final int IP_PROTO_UDP = 17;
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;

    private final long seed;

    /** A hash function with this seed (use {@link #forSwitch(long, int)} for a switch). */
    public EcmpHash(long seed) {
        this.seed = seed;
    }

    /** The hash function of switch {@code switchNode} in a run with scenario seed {@code scenarioSeed}. */
    public static EcmpHash forSwitch(long scenarioSeed, int switchNode) {
        return new EcmpHash(switchSeed(scenarioSeed, switchNode));
    }

    /** The per-switch seed: a mix of the scenario seed and the switch's node id. */
    public static long switchSeed(long scenarioSeed, int switchNode) {
        return mix64(mix64(scenarioSeed + GOLDEN) ^ ((switchNode + 1L) * GOLDEN));
    }

    public long seed() {
        return seed;
    }

    /** 32-bit hash of a RoCEv2 packet's 5-tuple: UDP to port 4791. */
    public int hash(int srcHost, int dstHost, int udpSrcPort) {
        return hash(seed, srcHost, dstHost, udpSrcPort, ROCE_V2_UDP_PORT, IP_PROTO_UDP);
    }

    /** 32-bit hash of a general 5-tuple (ports are 16-bit, protocol 8-bit; higher bits are ignored). */
    public int hash(int srcIp, int dstIp, int srcPort, int dstPort, int protocol) {
        return hash(seed, srcIp, dstIp, srcPort, dstPort, protocol);
    }

    /** Index in [0, n) of the candidate a RoCEv2 flow takes at this switch. */
    public int select(int srcHost, int dstHost, int udpSrcPort, int n) {
        return reduce(hash(srcHost, dstHost, udpSrcPort), n);
    }

    /**
     * Index in [0, n) for per-packet spraying: the 5-tuple plus extra entropy (a PSN, a packet counter)
     * so consecutive packets of one flow spread over all candidates. Deterministic, like the flow hash.
     */
    public int selectPerPacket(int srcHost, int dstHost, int udpSrcPort, long entropy, int n) {
        int h = hash(srcHost, dstHost, udpSrcPort);
        return reduce((int) (mix64(h ^ (entropy * GOLDEN) ^ seed) >>> 32), n);
    }

    /** Static form of {@link #hash(int, int, int, int, int)} with an explicit seed. */
    public static int hash(long seed, int srcIp, int dstIp, int srcPort, int dstPort, int protocol) {
        long ips = ((long) srcIp << 32) | (dstIp & 0xFFFF_FFFFL);
        long l4 = ((long) (srcPort & 0xFFFF) << 24) | ((long) (dstPort & 0xFFFF) << 8) | (protocol & 0xFF);
        long h = mix64(seed ^ ips);
        h = mix64(h + l4 * GOLDEN);
        return (int) (h >>> 32);
    }

    /** Static form of {@link #select(int, int, int, int)} with an explicit (per-switch) seed. */
    public static int select(long seed, int srcHost, int dstHost, int udpSrcPort, int n) {
        return reduce(hash(seed, srcHost, dstHost, udpSrcPort, ROCE_V2_UDP_PORT, IP_PROTO_UDP), n);
    }

    /** Maps a 32-bit hash uniformly onto [0, n), n &gt;= 1. */
    public static int reduce(int hash, int n) {
        return (int) (((hash & 0xFFFF_FFFFL) * n) >>> 32);
    }

    /**
     * A {@link Routes.PortChooser} that picks like per-flow ECMP on every switch of a run with scenario
     * seed {@code scenarioSeed}, for the flow (srcHost, dstHost, udpSrcPort). For walking paths offline.
     */
    public static Routes.PortChooser chooser(long scenarioSeed, int srcHost, int dstHost, int udpSrcPort) {
        return (sw, candidates) -> candidates[select(switchSeed(scenarioSeed, sw), srcHost, dstHost, udpSrcPort,
                candidates.length)];
    }

    /** SplitMix64 finaliser (variant 13): a bijective 64-bit mixer with full avalanche. */
    static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
