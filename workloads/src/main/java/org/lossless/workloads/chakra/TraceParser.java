package org.lossless.workloads.chakra;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.UnknownFieldSet;

import org.lossless.workloads.chakra.proto.EtDef.AttributeProto;
import org.lossless.workloads.chakra.proto.EtDef.GlobalMetadata;
import org.lossless.workloads.chakra.proto.EtDef.Node;
import org.lossless.workloads.chakra.proto.EtDef.NodeType;
import org.lossless.workloads.collective.Collective;

/**
 * Reads one rank's Chakra file as Chakra's own tools write it ({@code protolib.encodeMessage}) and ASTRA-sim's
 * feeder reads it: a sequence of messages, each preceded by its length as a varint, the first a
 * {@code GlobalMetadata}, every other a {@code Node}; plain or gzip-compressed. A message that ends past the end of
 * the file (truncated), does not parse, or carries fields the Chakra schema does not define (another protobuf
 * format) is refused with the file and the last node read named.
 *
 * <p>A communication node with {@code is_cpu_op: true} and neither {@code comm_type} nor {@code comm_size} is the
 * CPU side of a collective (PyTorch's {@code c10d::} operator, which launches the kernel that the trace holds as
 * a node of its own): it takes its duration on the CPU stream.
 *
 * <p>Node attributes read, as ASTRA-sim's feeder reads them: {@code is_cpu_op}, {@code comm_type},
 * {@code comm_size}, {@code comm_src}, {@code comm_dst}, {@code pg_name}; others are ignored. Dependencies are the
 * {@code data_deps}; {@code ctrl_deps} (in converted PyTorch traces, the operator that called this one) are not
 * dependencies and are ignored, as ASTRA-sim does.
 */
final class TraceParser {
    /** Bytes of a BARRIER: NCCL has no barrier; PyTorch's barrier is an all-reduce of one 4-byte element. */
    static final long BARRIER_BYTES = 4;

    private final Path file;
    private final String label;
    private final int ranks;
    private final int rank;

    private TraceParser(Path file, int rank, int ranks) {
        this.file = file;
        this.label = file.getFileName().toString();
        this.rank = rank;
        this.ranks = ranks;
    }

    /** The nodes of {@code file}, rank {@code rank} of {@code ranks}, in file order. */
    static List<RawNode> read(Path file, int rank, int ranks) {
        return new TraceParser(file, rank, ranks).read();
    }

    private List<RawNode> read() {
        List<RawNode> out = new ArrayList<>();
        try (InputStream in = open()) {
            GlobalMetadata meta;
            try {
                meta = GlobalMetadata.parseDelimitedFrom(in);
            } catch (InvalidProtocolBufferException e) {
                throw fail("is not a Chakra trace: its first message (the global metadata) does not parse ("
                        + e.getMessage() + ")");
            }
            if (meta == null) {
                throw fail("is empty: a Chakra trace starts with its global metadata");
            }
            foreign(meta.getUnknownFields(), "its first message (the global metadata)");
            while (true) {
                Node n;
                try {
                    n = Node.parseDelimitedFrom(in);
                } catch (InvalidProtocolBufferException e) {
                    throw fail("is truncated or corrupt: message " + (out.size() + 2) + (out.isEmpty() ? ""
                            : ", after " + out.get(out.size() - 1).describe()) + ", does not parse (" + e.getMessage()
                            + ")");
                }
                if (n == null) {
                    break;
                }
                foreign(n.getUnknownFields(), "message " + (out.size() + 2));
                out.add(node(n));
            }
        } catch (IOException e) {
            throw fail("cannot be read: " + e.getMessage());
        }
        return out;
    }

    private InputStream open() throws IOException {
        InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
        in.mark(2);
        int b0 = in.read();
        int b1 = in.read();
        in.reset();
        return b0 == 0x1f && b1 == 0x8b ? new BufferedInputStream(new GZIPInputStream(in, 1 << 16), 1 << 16) : in;
    }

    /** Fields the schema does not define: the file is some other protobuf format, or garbage that happened to parse. */
    private void foreign(UnknownFieldSet unknown, String where) {
        if (!unknown.asMap().isEmpty()) {
            throw fail("is not a Chakra trace: " + where + " has fields the Chakra schema does not define (numbers "
                    + unknown.asMap().keySet() + ")");
        }
    }

    private RawNode node(Node n) {
        RawNode shell = new RawNode(n.getId(), n.getName(), NodeOp.META, 0, null, 0, null, -1, new long[0]);
        boolean cpu = n.getType() != NodeType.UNRECOGNIZED && bool(n, "is_cpu_op", shell);
        // PyTorch's c10d operators (the CPU side that launches a collective's kernel) are recorded as communication
        // nodes with is_cpu_op and no comm_type or comm_size: CPU time; the kernel is a node of its own
        boolean launcher = cpu && attr(n, "comm_type") == null && attr(n, "comm_size") == null;
        NodeOp op = switch (n.getType()) {
            case COMP_NODE -> cpu ? NodeOp.CPU : NodeOp.GPU;
            case COMM_COLL_NODE -> launcher ? NodeOp.CPU : NodeOp.COLLECTIVE;
            case COMM_SEND_NODE -> launcher ? NodeOp.CPU : NodeOp.SEND;
            case COMM_RECV_NODE -> launcher ? NodeOp.CPU : NodeOp.RECV;
            case MEM_LOAD_NODE, MEM_STORE_NODE -> NodeOp.MEMORY;
            case METADATA_NODE -> NodeOp.META;
            default -> throw fail(shell, "unknown node type " + n.getTypeValue() + " (Chakra's node types are 1 "
                    + "METADATA_NODE to 7 COMM_COLL_NODE)");
        };
        long micros = n.getDurationMicros();
        if (micros < 0 || micros > Long.MAX_VALUE / 1_000_000) {
            throw fail(shell, "duration_micros " + Long.toUnsignedString(micros) + " is out of range");
        }
        long durationPs = op == NodeOp.GPU || op == NodeOp.CPU || op == NodeOp.MEMORY ? micros * 1_000_000 : 0;
        Collective coll = null;
        long bytes = 0;
        String group = null;
        int peer = -1;
        if (op == NodeOp.COLLECTIVE) {
            long type = integer(n, "comm_type", shell);
            coll = collective(type, shell);
            bytes = type == 9 ? BARRIER_BYTES : size(n, shell);
            group = text(n, "pg_name");
        } else if (op == NodeOp.SEND || op == NodeOp.RECV) {
            bytes = size(n, shell);
            String key = op == NodeOp.SEND ? "comm_dst" : "comm_src";
            long p = integer(n, key, shell);
            if (p < 0 || p >= ranks || p == rank) {
                throw fail(shell, key + " is rank " + p + ", but the job's ranks are 0 to " + (ranks - 1)
                        + " (one trace file per rank) and this file is rank " + rank);
            }
            peer = (int) p;
        }
        long[] deps = new long[n.getDataDepsCount()];
        for (int i = 0; i < deps.length; i++) {
            deps[i] = n.getDataDeps(i);
        }
        return new RawNode(n.getId(), n.getName(), op, durationPs, coll, bytes, group, peer, deps);
    }

    private Collective collective(long type, RawNode n) {
        return switch ((int) Math.max(-1, Math.min(type, 100))) {
            case 0, 9 -> Collective.ALLREDUCE;
            case 2 -> Collective.ALLGATHER;
            case 5 -> Collective.BROADCAST;
            case 6 -> Collective.ALLTOALL;
            case 7, 8 -> Collective.REDUCESCATTER;
            case 1, 3, 4 -> throw fail(n, "comm_type " + type + " (" + (type == 1 ? "REDUCE" : type == 3 ? "GATHER"
                    : "SCATTER") + ") is not supported: the collective engine runs ALL_REDUCE, ALL_GATHER, BROADCAST, "
                    + "ALL_TO_ALL, REDUCE_SCATTER(_BLOCK) and BARRIER");
            default -> throw fail(n, "unknown comm_type " + type + " (Chakra's are 0 ALL_REDUCE to 9 BARRIER)");
        };
    }

    private long size(Node n, RawNode shell) {
        long s = integer(n, "comm_size", shell);
        if (s <= 0) {
            throw fail(shell, "comm_size is " + s + " bytes; a communication node needs a size > 0");
        }
        return s;
    }

    private AttributeProto attr(Node n, String key) {
        for (AttributeProto a : n.getAttrList()) {
            if (a.getName().equals(key)) {
                return a;
            }
        }
        return null;
    }

    private long integer(Node n, String key, RawNode shell) {
        AttributeProto a = attr(n, key);
        if (a == null) {
            throw fail(shell, "has no " + key + " attribute, which a " + n.getType() + " needs");
        }
        Long v = Attrs.integer(a);
        if (v == null) {
            throw fail(shell, "attribute " + key + " holds " + a.getValueCase() + ", not an integer");
        }
        return v;
    }

    private boolean bool(Node n, String key, RawNode shell) {
        AttributeProto a = attr(n, key);
        if (a == null) {
            return false;
        }
        Boolean v = Attrs.bool(a);
        if (v == null) {
            throw fail(shell, "attribute " + key + " holds " + a.getValueCase() + ", not a boolean");
        }
        return v;
    }

    private String text(Node n, String key) {
        AttributeProto a = attr(n, key);
        String v = a == null ? null : Attrs.text(a);
        return v == null || v.isEmpty() ? null : v;
    }

    private TraceException fail(String problem) {
        return new TraceException(label + " " + problem);
    }

    private TraceException fail(RawNode n, String problem) {
        return new TraceException(label + ": " + n.describe() + ": " + problem);
    }
}
