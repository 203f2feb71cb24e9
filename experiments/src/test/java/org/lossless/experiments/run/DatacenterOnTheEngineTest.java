package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.core.net.MessageSize;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.topology.StarTopology;
import org.lossless.workloads.datacenter.CdfConfig;
import org.lossless.workloads.datacenter.CdfProgram;
import org.lossless.workloads.datacenter.FlowSizeCdf;
import org.lossless.workloads.datacenter.IncastConfig;
import org.lossless.workloads.datacenter.IncastProgram;
import org.lossless.workloads.traffic.JobIteration;
import org.lossless.workloads.traffic.Message;
import org.lossless.workloads.traffic.RecordingContext;

/**
 * Datacenter programs on the packet engine (star of 100 Gb/s hosts, 1 us links, MTU 1024, PFC on priority 3).
 * CDF traffic is open loop, so the engine must post exactly the flows the generator makes without a network,
 * whose statistics V-08 checks (workloads' {@code CdfProgramTest$V08}); here they must also all arrive.
 */
class DatacenterOnTheEngineTest {
    static final long US = 1_000_000L;

    private static void sameFlowsAndAllDelivered(String dist, long durationPs) {
        List<Integer> hosts = StorageOnTheEngineTest.range(0, 7);
        CdfConfig cfg = new CdfConfig("bg", FlowSizeCdf.builtIn(dist), hosts, 0.3, 0, durationPs, null, null, 3, 1);
        Recorded engine = new Recorded(new CdfProgram(cfg));
        RunResult r = StorageOnTheEngineTest.run(8, engine);
        List<Message> generated = new RecordingContext(StarTopology.build(8, StorageOnTheEngineTest.RATE, US), 1024, 1,
                StorageOnTheEngineTest.RATE, US).run(List.of(new CdfProgram(cfg)), Long.MAX_VALUE);
        assertTrue(generated.size() > 40, generated.size() + " flows");
        assertEquals(describe(generated), describe(engine.posted));
        long bytes = 0;
        for (FlowResult f : r.flows()) {
            assertTrue(f.finished(), "flow " + f.flowId());
            bytes += f.sizeBytes();
        }
        assertEquals(generated.stream().mapToLong(Message::bytes).sum(), bytes);
    }

    private static List<String> describe(List<Message> ms) {
        List<String> out = new ArrayList<>();
        for (Message m : ms) {
            out.add(m.connection().srcHost() + ">" + m.connection().dstHost() + " " + m.bytes() + "@" + m.postPs());
        }
        return out;
    }

    @Test
    void websearchFlowsOnTheEngineAreTheGeneratedOnesAndAllArrive() {
        sameFlowsAndAllDelivered("websearch", 3_000 * US);
    }

    @Test
    void fbHadoopFlowsOnTheEngineAreTheGeneratedOnesAndAllArrive() {
        sameFlowsAndAllDelivered("fbhdp", 1_000 * US);
    }

    @Test
    void anEightToOneIncastRoundTakesItsBytesAtTheReceiversGoodput() {
        IncastProgram p = new IncastProgram(new IncastConfig("in", 0, StorageOnTheEngineTest.range(1, 8),
                MessageSize.of(1_000_000), 0, 2,
                10 * US, 0, 3, 1));
        RunResult r = StorageOnTheEngineTest.run(9, p);
        List<JobIteration> rounds = r.jobs();
        assertEquals(2, rounds.size());
        // 8 MB through the receiver's port at 100 Gb/s x 1024/1106: 691.2 us, plus a few us of latency
        double floor = 8_000_000 / StorageOnTheEngineTest.GOODPUT_BYTES_PER_S * 1e12;
        for (JobIteration it : rounds) {
            assertTrue(it.durationPs() > floor && it.durationPs() < 1.02 * floor, it.toString());
        }
        assertEquals(rounds.get(0).finishPs() + 10 * US, rounds.get(1).startPs());
    }
}
