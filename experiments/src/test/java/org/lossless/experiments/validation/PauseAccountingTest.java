package org.lossless.experiments.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.lossless.core.net.EgressPort;
import org.lossless.core.net.PacketType;
import org.lossless.core.net.WireFormat;
import org.lossless.experiments.results.ResultFiles;
import org.lossless.experiments.run.EngineInput;
import org.lossless.experiments.run.PacketEngine;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.run.ScenarioEngine;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.topology.Node;
import org.lossless.topology.Port;
import org.lossless.topology.Topology;

/**
 * Reference check A-5, pause-frame accounting, on the run's own records ({@code ports.csv} as written by
 * {@link ResultFiles#portsCsv} and {@code timeseries/pfc.csv}) against the PFC frames every port put on
 * its wire ({@link EgressPort#probe}: wire start and end; arrival upstream = end + the cable's delay).
 *
 * <p>The run: a 3-to-1 incast on a dumbbell (h0..h2 on sw0, h3 on sw1, every link 100 Gb/s and 1 us),
 * 10 MB per sender, no congestion control, 1 MB switch buffers and a 256 KB receive buffer at h3 draining
 * at 50 Gb/s, so h3 pauses sw1, sw1 pauses sw0 and sw0 pauses the senders, many times each. The run is cut
 * at 300 us with the flows unfinished, so pauses still running at the end must be closed at the end time.
 * Three pause models: XOFF/XON (HPCC), timed with 1000 quanta (5.12 us at 100 G) refreshed every 1.0 ×
 * that (refreshes land at or just after expiry, so timed pauses really expire and restart), and timed
 * refreshed at 0.5 × (a held pause never expires).
 *
 * <p>Checked per link direction and priority:
 * <ol>
 * <li>{@code pause_tx} of the sender = frames the probe saw it finish; {@code pause_rx} of the upstream peer
 *     = those that arrived by the end; the difference = frames still on the cable at the end (0 or 1 here).</li>
 * <li>{@code paused_ps} of the upstream port = {@link PauseAudit}'s sum over frames arriving at t of
 *     [t, min(t + quanta × 512 bit times, next arrival, end)), to the picosecond, each piece starting no
 *     earlier than its episode's first XOFF arrival + the PFC response time (every port here has the default,
 *     394 quanta at 100 Gb/s = 2,017,280 ps).</li>
 * <li>{@code pfc.csv}: with refreshes (an XOFF frame after an XOFF) left out, the frames are the rows in
 *     order, each sent at most one frame time after its row (rows are decision times, not wire times);
 *     XOFF/XON mode has no refreshes, one episode per arrived pause row and one XON end per arrived resume
 *     row; timed mode has one episode per arrived pause row plus one per refresh that arrived after an
 *     expiry.</li>
 * </ol>
 * Why the run is cut mid-incast: a PFC frame's arrival upstream is its wire start + serialization +
 * propagation, a constant per cable, so a closed pause has the same length measured at either end of the
 * cable (and a timed expiry moves with its frame). What tells arrival-time accounting from send-time
 * accounting is the pause still running at the end (closed at the end time, 1 us + 6.72 ns longer from the
 * sender's side) and, for decision times ({@code pfc.csv}), the wait behind a frame on the wire (up to 3.7 ns
 * here). The test asserts that some port has a running pause whose paused time from wire starts differs from
 * the reported one, so a model accounting from send times, or one not closing running pauses, fails it. A
 * model counting an overlapping refresh twice fails the timed runs. (The not-closing and double-counting
 * models were tried by mutating {@code PauseState}: both fail here.)
 */
class PauseAccountingTest {
    private static final long END_PS = 300_000_000L;
    /** Default PFC response time of switch and NIC ports at 100 Gb/s: 394 quanta x 5,120 ps. */
    private static final long RESPONSE_PS = 394 * 5_120L;
    private static final String SCENARIO = """
            name: pause-accounting
            stop_time: 300us
            topology: {type: dumbbell, left_hosts: 3, right_hosts: 1, host_link: {rate: 100Gbps, delay: 1us}}
            switch: {buffer_size: 1MB, pfc: {%s}}
            nic: {cc: none, rx_buffer: {size: 256KB, drain_rate: 50Gbps, hosts: [3]}}
            workloads:
              - type: flows
                flows: [{src: 0, dst: 3, size: 10MB}, {src: 1, dst: 3, size: 10MB}, {src: 2, dst: 3, size: 10MB}]
            telemetry: {queues: none}
            """;

    /** A sender port and priority. */
    record Key(String node, int port, int priority) {
    }

    /** One row of pfc.csv. */
    record Row(long timePs, boolean pause) {
    }

    @ParameterizedTest
    @ValueSource(strings = {"mode: xoff_xon", "mode: timed, pause_quanta: 1000, refresh: 1.0",
            "mode: timed, pause_quanta: 1000, refresh: 0.5"})
    void pausedTimeAndFrameCountsMatchTheFramesOnTheWire(String pfc) {
        boolean untilXon = pfc.contains("xoff_xon");
        Scenario s = ScenarioLoader.parse("a5.yaml", SCENARIO.formatted(pfc), Path.of("."), List.of());
        EngineInput in = ScenarioEngine.input(s);
        Topology t = in.topology();
        Map<Key, List<PauseAudit.Frame>> frames = new TreeMap<>(PauseAccountingTest::compare);
        StringWriter pfcCsv = new StringWriter();
        RunResult r = new PacketEngine().run(in, new PacketEngine.Telemetry(s.telemetry(), null, null, pfcCsv),
                (sim, net, flows) -> {
                    for (Node node : t.nodes()) {
                        for (Port p : t.ports(node.id())) {
                            long delay = p.cable().delayPs();
                            net.egress(node.id(), p.index()).probe((f, start, end) -> {
                                if (f.type != PacketType.PFC) {
                                    return;
                                }
                                for (int m = f.pfcClassEnable(); m != 0; m &= m - 1) {
                                    int prio = Integer.numberOfTrailingZeros(m);
                                    frames.computeIfAbsent(new Key(node.name(), p.index(), prio), k -> new ArrayList<>())
                                            .add(new PauseAudit.Frame(f.pfcQuanta(prio), start, end, end + delay));
                                }
                            });
                        }
                    }
                });
        assertEquals(END_PS, r.simTimePs(), "cut at the stop time");
        assertTrue(r.flows().stream().noneMatch(f -> f.finished()), "the incast still runs at the end");
        if (!pfc.contains("refresh: 1.0")) {
            // (refresh 1.0 lets each pause lapse before its refresh lands; the refresh then takes a response
            // time to act, 2 us of line rate into a PG already in headroom: lossless drops, as on real gear)
            assertEquals(0, r.dropPackets());
        }
        Map<Key, long[]> ports = parsePorts(ResultFiles.portsCsv(r.ports()));
        Map<Key, List<Row>> rows = parsePfc(pfcCsv.toString());
        long maxWait = WireFormat.serializationPs(WireFormat.ROCEV2.wire(WireFormat.ROCEV2.dataFrame(s.nic().mtu(), true)),
                100_000_000_000L);

        long totalPaused = 0;
        int totalEpisodes = 0;
        int totalRefreshes = 0;
        int totalExpiries = 0;
        int open = 0;
        long openPiece = 0;
        int sendTimeDiffers = 0;
        long longestWait = 0;
        Map<Key, Boolean> audited = new HashMap<>();
        for (Map.Entry<Key, List<PauseAudit.Frame>> e : frames.entrySet()) {
            Key sender = e.getKey();
            List<PauseAudit.Frame> fs = e.getValue();
            Port out = t.ports(t.nodeId(sender.node())).get(sender.port());
            Key upstream = new Key(t.node(out.peer()).name(), out.peerPort(), sender.priority());
            audited.put(upstream, true);
            PauseAudit.Result a = PauseAudit.audit(fs, out.cable().rateBps(), untilXon, r.simTimePs(), RESPONSE_PS);
            String where = sender + " -> " + upstream + " (" + pfc + ")";
            // 1. frame counts on both ends of the cable
            long[] tx = ports.getOrDefault(sender, new long[3]);
            long[] rx = ports.getOrDefault(upstream, new long[3]);
            assertEquals(fs.size(), tx[0], "pause_tx = frames on the wire: " + where);
            assertEquals(a.received(), rx[1], "pause_rx = frames arrived: " + where);
            assertEquals(tx[0] - a.inFlight(), rx[1], "pause_tx - in flight = peer's pause_rx: " + where);
            // 2. paused time, to the picosecond
            assertEquals(a.pausedPs(), rx[2], "paused_ps: " + where);
            assertEquals(a.episodes(), a.endedByXon() + a.endedByExpiry() + (a.openAtEnd() ? 1 : 0), where);
            // 3. pfc.csv rows against the frames
            List<Row> log = rows.getOrDefault(sender, List.of());
            int matched = 0;
            int pauseRowsArrived = 0;
            int resumeRowsArrived = 0;
            int refreshes = 0;
            boolean held = false;
            for (PauseAudit.Frame f : fs) {
                if (!f.xon() && held) {
                    refreshes++;
                    continue;
                }
                Row row = log.get(matched++);
                assertEquals(row.pause(), !f.xon(), "frame " + matched + " matches its row: " + where);
                assertTrue(f.startPs() >= row.timePs() && f.startPs() - row.timePs() <= maxWait,
                        "sent within one frame time of the decision at " + row.timePs() + ": " + where);
                longestWait = Math.max(longestWait, f.startPs() - row.timePs());
                held = row.pause();
                if (f.arrivalPs() <= r.simTimePs()) {
                    pauseRowsArrived += row.pause() ? 1 : 0;
                    resumeRowsArrived += row.pause() ? 0 : 1;
                }
            }
            assertTrue(log.size() - matched <= 1, "at most the last decision is not on the wire yet: " + where);
            if (untilXon) {
                assertEquals(0, refreshes, "no refresh in XOFF/XON mode: " + where);
                assertEquals(pauseRowsArrived, a.episodes(), "one episode per XOFF row: " + where);
                assertEquals(resumeRowsArrived, a.endedByXon(), "one XON end per resume row: " + where);
                assertEquals(0, a.endedByExpiry(), where);
            } else {
                assertEquals(pauseRowsArrived + a.restartsAfterExpiry(), a.episodes(),
                        "one episode per XOFF row plus one per refresh after an expiry: " + where);
                assertEquals(resumeRowsArrived, a.endedByXon() + a.xonWhileRunning(), where);
            }
            totalPaused += a.pausedPs();
            totalEpisodes += a.episodes();
            totalRefreshes += refreshes;
            totalExpiries += a.endedByExpiry();
            open += a.openAtEnd() ? 1 : 0;
            openPiece += a.pausedPs() - a.pausedUnclosedPs();
            sendTimeDiffers += a.pausedFromSendPs() != rx[2] ? 1 : 0;
            System.out.printf("A-5 %s: frames %d (in flight %d), rows %d, refreshes %d, episodes %d (xon %d, expiry %d,"
                            + " open %b, restarts %d), paused_ps %d, from send %d%n", where, fs.size(), a.inFlight(),
                    log.size(), refreshes, a.episodes(), a.endedByXon(), a.endedByExpiry(), a.openAtEnd(),
                    a.restartsAfterExpiry(), rx[2], a.pausedFromSendPs());
        }
        for (Map.Entry<Key, long[]> p : ports.entrySet()) {
            if (!audited.containsKey(p.getKey())) {
                assertEquals(0, p.getValue()[1], "no PFC arrived: pause_rx " + p.getKey());
                assertEquals(0, p.getValue()[2], "no PFC arrived: paused_ps " + p.getKey());
            }
        }
        for (Key k : rows.keySet()) {
            assertTrue(frames.containsKey(k), "a logged decision without frames: " + k);
        }
        assertEquals(totalPaused, r.pausedPs(), "summary pfc.paused_ps = sum over ports");
        System.out.printf("A-5 %s: senders %d, paused %d ps, episodes %d, refreshes %d, expiries %d, open %d (%d ps),"
                + " longest wait after a decision %d ps%n", pfc, frames.size(), totalPaused, totalEpisodes, totalRefreshes,
                totalExpiries, open, openPiece, longestWait);
        // the run exercises what the check is for
        assertTrue(frames.size() >= 5, "h3, sw1 and sw0 (three ports) all pause");
        assertTrue(totalEpisodes >= 3 * frames.size(), "several pauses per link");
        assertTrue(open > 0 && openPiece > 0, "some pause still runs at the end and is closed at the end time");
        assertTrue(sendTimeDiffers > 0, "send-time accounting would fail this test");
        if (!untilXon) {
            assertTrue(totalRefreshes > 0, "refreshes are sent");
        }
        if (pfc.contains("refresh: 1.0")) {
            assertTrue(totalExpiries > 0, "timed pauses expire");
        }
    }

    private static int compare(Key a, Key b) {
        int c = a.node().compareTo(b.node());
        if (c == 0) {
            c = Integer.compare(a.port(), b.port());
        }
        return c != 0 ? c : Integer.compare(a.priority(), b.priority());
    }

    /** ports.csv -> (node, port, priority) -> {pause_tx, pause_rx, paused_ps}. */
    private static Map<Key, long[]> parsePorts(String csv) {
        String[] lines = csv.split("\n");
        List<String> header = List.of(lines[0].split(","));
        int tx = header.indexOf("pause_tx");
        int rx = header.indexOf("pause_rx");
        int paused = header.indexOf("paused_ps");
        Map<Key, long[]> m = new HashMap<>();
        for (int i = 1; i < lines.length; i++) {
            String[] f = lines[i].split(",");
            m.put(new Key(f[0], Integer.parseInt(f[1]), Integer.parseInt(f[3])),
                    new long[] {Long.parseLong(f[tx]), Long.parseLong(f[rx]), Long.parseLong(f[paused])});
        }
        return m;
    }

    /** timeseries/pfc.csv -> sender (node, port, priority) -> rows in order. */
    private static Map<Key, List<Row>> parsePfc(String csv) {
        String[] lines = csv.split("\n");
        assertEquals("time_ps,node,port,priority,event", lines[0]);
        Map<Key, List<Row>> m = new HashMap<>();
        for (int i = 1; i < lines.length; i++) {
            String[] f = lines[i].split(",");
            m.computeIfAbsent(new Key(f[1], Integer.parseInt(f[2]), Integer.parseInt(f[3])), k -> new ArrayList<>())
                    .add(new Row(Long.parseLong(f[0]), f[4].equals("pause")));
        }
        return m;
    }
}
