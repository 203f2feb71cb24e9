package org.lossless.experiments.results;

import org.lossless.experiments.metrics.Completion;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.MessageLabel;
import org.lossless.experiments.metrics.PauseEdge;
import org.lossless.experiments.metrics.PauseGraph;
import org.lossless.experiments.metrics.PortResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.metrics.WatchdogResult;
import org.lossless.experiments.scenario.FlowRows;
import org.lossless.switchmodel.pfc.StormEpisode;
import org.lossless.workloads.traffic.JobIteration;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.List;

/**
 * The text of the CSV result files (README.md, "Result files"). Pure functions of the run result, so the same
 * scenario and seed give the same bytes: "\n" line ends, integers as they are, slowdown with exactly
 * six decimals (half-up), no locale. Each file has a {@code write...} method that streams its rows to a
 * {@link Writer} ({@link RowBuffer}: memory does not grow with the file, issue 17) and a {@code ...Csv} method
 * returning the same text as a String (tests, small files).
 */
public final class ResultFiles {
    public static final String FLOWS_HEADER =
            "flow_id,workload,src,dst,priority,size_bytes,start_ps,finish_ps,fct_ps,ideal_fct_ps,slowdown,retransmits,cnps,"
                    + "connection,op,iteration,step,channel,operation,bytes_delivered,sender_done_ps,"
                    + "receiver_ideal_fct_ps,sender_ideal_fct_ps,retransmitted_bytes,kind";
    public static final String PORTS_HEADER = "node,port,peer,priority,rate_bps,tx_bytes,tx_packets,drops,ecn_marked,"
            + "pause_tx,pause_rx,paused_ps,max_queue_bytes";
    public static final String JOBS_HEADER =
            "job,iteration,type,hosts,size_bytes,start_ps,finish_ps,duration_ps,algbw_GBps,busbw_GBps"
                    + StorageColumns.HEADER + IdealColumns.HEADER + ",algorithm,protocol" + TrainingColumns.HEADER;

    public static final String PFCWD_HEADER =
            "node,port,priority,start_ps,end_ps,action,dropped_packets,dropped_bytes";

    public static final String PAUSE_GRAPH_HEADER = "id,time_ps,end_ps,node,port,priority,peer,peer_port,cause,"
            + "cause_port,cause_peer,queued_bytes,caused_by,caused_by_node,caused_by_port,depth";

    private ResultFiles() {
    }

    /** {@code flows.csv} with FCT and slowdown on the receiver's completion ({@link #flowsCsv(List, Completion)}). */
    public static String flowsCsv(List<FlowResult> flows) {
        return flowsCsv(flows, Completion.RECEIVER);
    }

    /**
     * {@code flows.csv}, one row per message. {@code finish_ps} is when the receiver held the last byte (empty
     * while it does not); {@code fct_ps}, {@code ideal_fct_ps} and {@code slowdown} are those of completion
     * {@code basis} ({@code metrics.completion}), empty {@code fct_ps} and {@code slowdown} before it. {@code retransmits} (data
     * packets sent again) and {@code cnps} (CNPs the sending QP received) come after the contract's columns
     * (added columns go at the end), then the message's {@link MessageLabel}: {@code connection}
     * (id), {@code op} (write, send, read), {@code iteration}, {@code step}, {@code channel} and {@code operation},
     * each empty when it does not apply; then {@code bytes_delivered} (payload the destination holds, also for an
     * unfinished message) and both completions whatever the basis: {@code sender_done_ps} (the requester's
     * completion, empty before it), {@code receiver_ideal_fct_ps} and {@code sender_ideal_fct_ps}; {@code retransmitted_bytes} (payload bytes of the
     * {@code retransmits} packets); last {@code kind}: {@code data} (payload the workload posted) or {@code control}
     * (a protocol message: a collective's clear-to-send, an NVMe-oF command or completion capsule, a storage
     * acknowledgement), as the posting program tagged it.
     */
    public static String flowsCsv(List<FlowResult> flows, Completion basis) {
        return text(w -> writeFlows(w, flows, basis));
    }

    /** Streams {@code flows.csv} ({@link #flowsCsv(List, Completion)}) to {@code out}, which stays open. */
    public static void writeFlows(Writer out, List<FlowResult> flows, Completion basis) throws IOException {
        writeFlows(out, flows, basis, FlowRows.ALL);
    }

    /**
     * Streams the rows of {@code flows.csv} that {@code metrics.flows} keeps ({@link #listed}): every message
     * ({@code all}), the data messages of workloads that are not collectives ({@code data}), none ({@code summary});
     * the others go to {@link StepSummary}. The header and the columns are the same in every case.
     */
    public static void writeFlows(Writer out, List<FlowResult> flows, Completion basis, FlowRows keep)
            throws IOException {
        RowBuffer rows = new RowBuffer(out);
        StringBuilder sb = rows.sb();
        sb.append(FLOWS_HEADER);
        rows.endRow();
        for (FlowResult f : flows) {
            if (!listed(keep, f)) {
                continue;
            }
            appendFlow(sb, f, basis);
            rows.endRow();
        }
        rows.finish();
    }

    /** Appends row {@code f} of {@code flows.csv} (without its line end) to {@code sb}. */
    static void appendFlow(StringBuilder sb, FlowResult f, Completion basis) {
        sb.append(f.flowId()).append(',').append(Csv.field(f.workload())).append(',')
                .append(f.src()).append(',').append(f.dst()).append(',').append(f.priority()).append(',')
                .append(f.sizeBytes()).append(',').append(f.startPs()).append(',');
        optional(sb, f.finishPs()).append(',');
        if (f.completed(basis)) {
            sb.append(f.fctPs(basis)).append(',').append(f.idealFctPs(basis)).append(',');
            Csv.appendFixed(sb, f.slowdown(basis), Csv.SLOWDOWN_DECIMALS);
        } else {
            sb.append(',').append(f.idealFctPs(basis)).append(',');
        }
        sb.append(',').append(f.retransmits()).append(',').append(f.cnps()).append(',');
        MessageLabel l = f.label();
        optional(sb, l.connection()).append(',');
        if (l.op() != null) {
            sb.append(l.op());
        }
        sb.append(',');
        optional(sb, l.iteration()).append(',');
        optional(sb, l.step()).append(',');
        optional(sb, l.channel()).append(',');
        if (l.operation() != null) {
            sb.append(Csv.field(l.operation()));
        }
        sb.append(',').append(f.bytesDelivered()).append(',');
        optional(sb, f.senderDonePs()).append(',')
                .append(f.idealFctPs()).append(',').append(f.senderIdealFctPs()).append(',')
                .append(f.retransmittedBytes()).append(',').append(l.kind().key());
    }

    /**
     * Whether {@code metrics.flows: keep} lists message {@code f} in {@code flows.csv}; the messages it does not list
     * are aggregated in {@code flows_summary.csv} ({@link StepSummary}).
     */
    public static boolean listed(FlowRows keep, FlowResult f) {
        return switch (keep) {
            case ALL -> true;
            case DATA -> f.data() && !f.label().collectiveStep();
            case SUMMARY -> false;
        };
    }

    /** {@code ports.csv}: one row per port and priority that carried traffic, in the run result's order. */
    public static String portsCsv(List<PortResult> ports) {
        return text(w -> writePorts(w, ports));
    }

    /** Streams {@code ports.csv} ({@link #portsCsv}) to {@code out}, which stays open. */
    public static void writePorts(Writer out, List<PortResult> ports) throws IOException {
        RowBuffer rows = new RowBuffer(out);
        StringBuilder sb = rows.sb();
        sb.append(PORTS_HEADER);
        rows.endRow();
        for (PortResult p : ports) {
            sb.append(Csv.field(p.node())).append(',').append(p.port()).append(',').append(Csv.field(p.peer())).append(',')
                    .append(p.priority()).append(',').append(p.rateBps()).append(',').append(p.txBytes()).append(',')
                    .append(p.txPackets()).append(',').append(p.drops()).append(',').append(p.ecnMarked()).append(',')
                    .append(p.pauseTx()).append(',').append(p.pauseRx()).append(',').append(p.pausedPs()).append(',')
                    .append(p.maxQueueBytes());
            rows.endRow();
        }
        rows.finish();
    }

    /**
     * {@code pfcwd.csv}: one row per PFC watchdog storm episode in the run result's order (start, switch,
     * port, priority); {@code end_ps} is empty for a queue still stormed at the end of the run.
     */
    public static String pfcwdCsv(WatchdogResult w) {
        return text(out -> writePfcwd(out, w));
    }

    /** Streams {@code pfcwd.csv} ({@link #pfcwdCsv}) to {@code out}, which stays open. */
    public static void writePfcwd(Writer out, WatchdogResult w) throws IOException {
        RowBuffer rows = new RowBuffer(out);
        StringBuilder sb = rows.sb();
        sb.append(PFCWD_HEADER);
        rows.endRow();
        for (StormEpisode e : w.episodes()) {
            sb.append(Csv.field(e.node())).append(',').append(e.port()).append(',').append(e.priority()).append(',')
                    .append(e.startPs()).append(',');
            if (!e.open()) {
                sb.append(e.endPs());
            }
            sb.append(',').append(e.action()).append(',').append(e.droppedPackets()).append(',')
                    .append(e.droppedBytes());
            rows.endRow();
        }
        rows.finish();
    }

    /**
     * {@code pause_graph.csv}: one row per pause episode ({@link PauseEdge}), in the order the episodes began.
     * Fields that do not apply are empty: {@code end_ps} of a pause still held at the end; {@code cause_port},
     * {@code cause_peer}, {@code queued_bytes} of a NIC pause; {@code caused_by*} of a root.
     */
    public static String pauseGraphCsv(PauseGraph g) {
        return text(w -> writePauseGraph(w, g));
    }

    /** Streams {@code pause_graph.csv} ({@link #pauseGraphCsv}) to {@code out}, which stays open. */
    public static void writePauseGraph(Writer out, PauseGraph g) throws IOException {
        RowBuffer rows = new RowBuffer(out);
        StringBuilder sb = rows.sb();
        sb.append(PAUSE_GRAPH_HEADER);
        rows.endRow();
        for (PauseEdge e : g.edges()) {
            sb.append(e.id()).append(',').append(e.timePs()).append(',');
            optional(sb, e.endPs()).append(',').append(Csv.field(e.node())).append(',').append(e.port()).append(',')
                    .append(e.priority()).append(',').append(Csv.field(e.peer())).append(',').append(e.peerPort())
                    .append(',').append(e.cause().key()).append(',');
            optional(sb, e.causePort()).append(',').append(Csv.field(e.causePeer())).append(',');
            optional(sb, e.queuedBytes()).append(',');
            optional(sb, e.causedBy()).append(',').append(Csv.field(e.causedByNode())).append(',');
            optional(sb, e.causedByPort()).append(',').append(e.depth());
            rows.endRow();
        }
        rows.finish();
    }

    /** {@code v}, or nothing for the "not applicable" value -1. */
    private static StringBuilder optional(StringBuilder sb, long v) {
        return v < 0 ? sb : sb.append(v);
    }

    /**
     * {@code jobs.csv}: one row per job iteration the programs report, in program then iteration order.
     * An iteration that did not finish has empty {@code finish_ps}, {@code duration_ps}, {@code algbw_GBps}
     * and {@code busbw_GBps}; bandwidths have six decimals (GB/s = 1e9 bytes/s, as nccl-tests). {@code busbw_GBps}
     * is written for collectives only (it means nothing for storage, incast, permutation or training jobs). Storage
     * jobs add IOPS, GB/s and latency percentiles per operation type ({@link StorageColumns}); then every row its
     * ideal ({@link IdealColumns}); then which algorithm and protocol a collective ran with (empty for other jobs);
     * last, training jobs their iteration's breakdown ({@link TrainingColumns}, empty for other jobs).
     */
    public static String jobsCsv(RunResult result) {
        return text(w -> writeJobs(w, result));
    }

    /** Streams {@code jobs.csv} ({@link #jobsCsv}) to {@code out}, which stays open. */
    public static void writeJobs(Writer out, RunResult result) throws IOException {
        RowBuffer rows = new RowBuffer(out);
        StringBuilder sb = rows.sb();
        sb.append(JOBS_HEADER);
        rows.endRow();
        StorageColumns storage = new StorageColumns(result.operations());
        IdealColumns ideal = new IdealColumns(result.ideals());
        TrainingColumns training = new TrainingColumns(result.training());
        for (JobIteration j : result.jobs()) {
            sb.append(Csv.field(j.job())).append(',').append(j.iteration()).append(',').append(Csv.field(j.type()))
                    .append(',').append(j.hosts()).append(',').append(j.sizeBytes()).append(',').append(j.startPs())
                    .append(',');
            if (j.finished()) {
                sb.append(j.finishPs()).append(',').append(j.durationPs()).append(',')
                        .append(bandwidth(j.algbwGBps())).append(',').append(bandwidth(j.busbwGBps()));
            } else {
                sb.append(",,,");
            }
            storage.append(sb, j);
            ideal.append(sb, j);
            sb.append(',').append(j.algorithm()).append(',').append(j.protocol());
            training.append(sb, j);
            rows.endRow();
        }
        rows.finish();
    }

    /** What a file's {@code write...} method writes, as a String. */
    static String text(Rows rows) {
        StringWriter w = new StringWriter();
        try {
            rows.write(w);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return w.toString();
    }

    /** A file's {@code write...} method applied to its arguments. */
    @FunctionalInterface
    interface Rows {
        void write(Writer out) throws IOException;
    }

    /** A bandwidth in GB/s with six decimals, or empty when not a number (zero duration). */
    static String bandwidth(double gbps) {
        return Double.isFinite(gbps) ? Csv.fixed(gbps, BANDWIDTH_DECIMALS).toPlainString() : "";
    }

    /** Decimals of algbw and busbw. */
    static final int BANDWIDTH_DECIMALS = 6;
}
