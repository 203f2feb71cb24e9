package org.lossless.workloads.chakra;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.lossless.workloads.chakra.proto.EtDef.AttributeProto;
import org.lossless.workloads.chakra.proto.EtDef.GlobalMetadata;
import org.lossless.workloads.chakra.proto.EtDef.Node;
import org.lossless.workloads.chakra.proto.EtDef.NodeType;

/**
 * Writes small Chakra traces with the real schema, framed as Chakra's {@code protolib.encodeMessage} frames them
 * (a varint length before each message: protobuf's delimited form), the global metadata first.
 */
final class TraceWriter {
    private final List<Node> nodes = new ArrayList<>();

    static Node.Builder node(long id, String name, NodeType type, long... deps) {
        Node.Builder b = Node.newBuilder().setId(id).setName(name).setType(type);
        for (long d : deps) {
            b.addDataDeps(d);
        }
        return b;
    }

    static Node.Builder compute(long id, long micros, long... deps) {
        return node(id, "comp" + id, NodeType.COMP_NODE, deps).setDurationMicros(micros);
    }

    static Node.Builder cpu(long id, long micros, long... deps) {
        return compute(id, micros, deps).addAttr(AttributeProto.newBuilder().setName("is_cpu_op").setBoolVal(true));
    }

    /** A collective of Chakra comm_type {@code type} (0 ALL_REDUCE ...) and {@code bytes}; {@code pg}: null for all ranks. */
    static Node.Builder collective(long id, int type, long bytes, String pg, long... deps) {
        Node.Builder b = node(id, "coll" + id, NodeType.COMM_COLL_NODE, deps)
                .addAttr(AttributeProto.newBuilder().setName("comm_type").setInt64Val(type))
                .addAttr(AttributeProto.newBuilder().setName("comm_size").setInt64Val(bytes));
        if (pg != null) {
            b.addAttr(AttributeProto.newBuilder().setName("pg_name").setStringVal(pg));
        }
        return b;
    }

    static Node.Builder send(long id, int dst, long bytes, long... deps) {
        return node(id, "send" + id, NodeType.COMM_SEND_NODE, deps)
                .addAttr(AttributeProto.newBuilder().setName("comm_dst").setInt32Val(dst))
                .addAttr(AttributeProto.newBuilder().setName("comm_size").setInt64Val(bytes));
    }

    static Node.Builder recv(long id, int src, long bytes, long... deps) {
        return node(id, "recv" + id, NodeType.COMM_RECV_NODE, deps)
                .addAttr(AttributeProto.newBuilder().setName("comm_src").setInt32Val(src))
                .addAttr(AttributeProto.newBuilder().setName("comm_size").setInt64Val(bytes));
    }

    TraceWriter add(Node.Builder... n) {
        for (Node.Builder b : n) {
            nodes.add(b.build());
        }
        return this;
    }

    /** Writes {@code dir/job.RANK.et}; returns the file. */
    Path write(Path dir, int rank) throws IOException {
        Path f = dir.resolve("job." + rank + ".et");
        try (OutputStream out = Files.newOutputStream(f)) {
            GlobalMetadata.newBuilder().setVersion("0.0.4").build().writeDelimitedTo(out);
            for (Node n : nodes) {
                n.writeDelimitedTo(out);
            }
        }
        return f;
    }
}
