package org.lossless.core.random;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import nl.tudelft.simulation.dsol.experiment.StreamInformation;
import nl.tudelft.simulation.dsol.experiment.StreamUpdater;
import nl.tudelft.simulation.jstats.streams.StreamInterface;

/**
 * The named random streams of a model: DSOL's {@link StreamInformation}, with one
 * {@link Xoshiro256StarStar} per component name, created on first use. A stream's seed is a hash
 * of (scenario seed, replication number, stream name) and nothing else, so streams do not depend
 * on the order in which components are created, and adding a component never shifts the numbers
 * of another.
 *
 * <p>It is also DSOL's {@link StreamUpdater}: give it to an {@code Experiment} with
 * {@code setStreamUpdater} and every replication reseeds all streams for its number; streams
 * created later in that replication get that replication's seeds too.
 *
 * <p>Names are free text; use the component's stable name, e.g. {@code "nic.17.flows"}.
 */
public final class RandomStreams extends StreamInformation implements StreamUpdater {
    /** DSOL's name for the model's default stream. */
    public static final String DEFAULT = "default";
    private final long scenarioSeed;
    private int replication;

    /** Streams for replication 0 of a scenario with seed {@code scenarioSeed}. */
    public RandomStreams(long scenarioSeed) {
        super(new Xoshiro256StarStar(seedFor(scenarioSeed, 0, DEFAULT)));
        this.scenarioSeed = scenarioSeed;
    }

    /**
     * The seed of stream {@code name} in replication {@code replication} of a scenario: three
     * rounds of {@link SplitMix64#mix64}, mixing in the scenario seed, a 64-bit FNV-1a hash of
     * the name's UTF-8 bytes, and the replication number.
     */
    public static long seedFor(long scenarioSeed, int replication, String name) {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("random stream name must not be null or empty");
        }
        long h = SplitMix64.mix64(scenarioSeed + SplitMix64.GOLDEN_GAMMA);
        h = SplitMix64.mix64(h ^ fnv1a64(name));
        return SplitMix64.mix64(h + SplitMix64.GOLDEN_GAMMA * (replication + 1L));
    }

    private static long fnv1a64(String s) {
        long h = 0xcbf29ce484222325L;
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x100000001b3L;
        }
        return h;
    }

    /**
     * The stream named {@code name}, created with its derived seed on first use.
     *
     * @throws IllegalStateException if another kind of stream was registered under that name
     */
    public Xoshiro256StarStar stream(String name) {
        StreamInterface s = super.getStream(name);
        if (s == null) {
            Xoshiro256StarStar x = new Xoshiro256StarStar(seedFor(scenarioSeed, replication, name));
            addStream(name, x);
            return x;
        }
        if (s instanceof Xoshiro256StarStar x) {
            return x;
        }
        throw new IllegalStateException("random stream '" + name + "' is a " + s.getClass().getName()
                + ", not a Xoshiro256StarStar");
    }

    /** As {@link #stream(String)}: DSOL's {@code model.getStream(name)} creates streams on demand too. */
    @Override
    public StreamInterface getStream(String name) {
        StreamInterface s = super.getStream(name);
        return s != null ? s : stream(name);
    }

    /** The scenario seed all stream seeds derive from. */
    public long scenarioSeed() {
        return scenarioSeed;
    }

    /** The replication number the streams are seeded for. */
    public int replication() {
        return replication;
    }

    /** Reseeds every stream, present and future, for replication {@code replicationNr}. */
    public void setReplication(int replicationNr) {
        updateSeeds(getStreams(), replicationNr);
    }

    @Override
    public void updateSeeds(Map<String, StreamInterface> streams, int replicationNr) {
        if (replicationNr < 0) {
            throw new IllegalArgumentException("replication number must be >= 0, got " + replicationNr);
        }
        this.replication = replicationNr;
        StreamUpdater.super.updateSeeds(streams, replicationNr);
    }

    @Override
    public void updateSeed(String streamId, StreamInterface stream, int replicationNr) {
        stream.setSeed(seedFor(scenarioSeed, replicationNr, streamId));
    }
}
