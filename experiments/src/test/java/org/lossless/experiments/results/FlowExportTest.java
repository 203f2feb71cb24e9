package org.lossless.experiments.results;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.lossless.experiments.run.EngineInput;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.run.PacketEngine;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.run.Traffic;
import org.lossless.nic.NicConfig;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.StarTopology;
import org.lossless.workloads.traffic.Connection;
import org.lossless.workloads.traffic.ConnectionOptions;
import org.lossless.workloads.traffic.Message;
import org.lossless.workloads.traffic.MessageTag;
import org.lossless.nic.Verb;
import org.lossless.workloads.traffic.TrafficContext;
import org.lossless.workloads.traffic.TrafficProgram;

/** {@code export flows}: the recorded messages are exactly the messages a packet run sends. */
class FlowExportTest {
    static final long US = 1_000_000L;

    /** A WRITE, then (on its delivery) a READ on another connection, then a SEND: a chain of three. */
    static final class Chain implements TrafficProgram {
        private TrafficContext ctx;
        private Connection a;
        private Connection b;
        private int posted;

        @Override
        public String name() {
            return "chain";
        }

        @Override
        public void start(TrafficContext c) {
            ctx = c;
            a = c.connect(0, 1, ConnectionOptions.of(3));
            b = c.connect(1, 2, ConnectionOptions.of(3).withQps(2));
            c.post(a, 5000, Verb.WRITE, new MessageTag(0, 0, -1, null, null), 2 * US);
            posted = 1;
        }

        @Override
        public void onDelivered(Message m, long nowPs) {
            if (posted == 1) {
                ctx.post(b, 3000, Verb.READ, new MessageTag(0, 1, 1, "fetch", new long[] {m.id()}));
            } else if (posted == 2) {
                ctx.post(a, 100, Verb.SEND, new MessageTag(0, 2, -1, null, new long[] {m.id()}));
            }
            posted++;
        }

        @Override
        public boolean finished() {
            return posted >= 3;
        }
    }

    static EngineInput input() {
        return new EngineInput(StarTopology.build(3, 100_000_000_000L, US), NicConfig.builder().mtu(1000).ackEvery(1).build(),
                SwitchSettings.defaults(), new Traffic(List.of(Chain::new)), 1_000 * US, 1, List.of(),
                EngineInput.DEFAULT_CONVERGENCE_PS, false);
    }

    @Test
    void theExportHasExactlyTheMessagesOfTheRun() {
        List<Message> exported = FlowExport.record(input());
        RunResult run = new PacketEngine().run(input());
        assertEquals(3, exported.size());
        assertEquals(run.flows().size(), exported.size());
        for (int i = 0; i < exported.size(); i++) {
            Message m = exported.get(i);
            FlowResult f = run.flows().get(i);
            assertEquals(f.flowId(), m.id());
            assertEquals(f.workload(), m.workload());
            assertEquals(f.sizeBytes(), m.bytes());
            assertEquals(f.label().op(), m.op().key());
            assertEquals(f.label().connection(), m.connection().id());
            // the export names the requester; flows.csv the payload's sender and receiver
            assertEquals(f.src(), m.dataSrc());
            assertEquals(f.dst(), m.dataDst());
            assertEquals(f.label().step(), m.tag().step());
            assertEquals(f.label().operation(), m.tag().operation());
            assertEquals(true, f.finished());
        }
        assertEquals(2 * US, exported.get(0).postPs());
        assertEquals(2 * US, run.flows().get(0).startPs());
    }

    @Test
    void csvAndJson() throws Exception {
        List<Message> messages = FlowExport.record(input());
        String csv = FlowExport.csv(messages);
        List<String> lines = csv.lines().toList();
        assertEquals(FlowExport.CSV_HEADER, lines.get(0));
        assertEquals("0,chain,0,1,5000,3,0,1,write,2000000,0,0,,,,,24", lines.get(1));
        // the recording's timing: 100 Gb/s on payload bytes and 2 us (twice the 1 us host link) of latency:
        // message 0 (posted at 2 us, 5000 B = 0.4 us) is delivered at 4.4 us, when the READ is posted; the READ
        // (3000 B = 0.24 us) is delivered at 6.64 us, when the SEND is posted
        assertEquals(List.of("1", "chain", "1", "2", "3000", "3", "1", "2", "read", "4400000", "0", "1", "1", "fetch",
                "0", "0", "24"), List.of(lines.get(2).split(",", -1)));
        assertEquals(List.of("2", "chain", "0", "1", "100", "3", "0", "1", "send", "6640000", "0", "2", "", "", "1", "0", "24"),
                List.of(lines.get(3).split(",", -1)));
        JsonNode json = new ObjectMapper().readTree(FlowExport.json(messages));
        assertEquals(FlowExport.JSON_FORMAT, json.get("format").asText());
        assertEquals(3, json.get("messages").size());
        JsonNode m1 = json.get("messages").get(1);
        assertEquals("read", m1.get("op").asText());
        assertEquals(0, m1.get("depends_on").get(0).asLong());
        assertEquals(0, m1.get("delay_ps").asLong(), "posted the moment message 0 was delivered");
        assertEquals(false, json.get("messages").get(0).has("delay_ps"));
        assertEquals(1, m1.get("channel").asInt());
        assertEquals(false, json.get("messages").get(0).has("channel"));
    }
}
