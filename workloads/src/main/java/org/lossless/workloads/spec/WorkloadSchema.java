package org.lossless.workloads.spec;

import org.lossless.core.settings.Key;
import org.lossless.core.settings.Section;

/**
 * The keys every workload type takes, declared once: {@code type}, {@code name}, {@code cc} and {@code transport}.
 * Each type's own schema ({@link CollectiveSchema}, {@link TrainingSchema}, ...) lists {@link #TYPE}'s row for its
 * type, {@link #NAME} and {@link #CC} among its keys; {@code transport} is taken off every workload before its type's
 * reader runs (the scenario reader does), so only this section lists it. docs/scenario.md's "workloads" table is
 * generated from {@link #COMMON}.
 */
public final class WorkloadSchema {
    static final Key NAME = Key.custom("name", "name (`[A-Za-z0-9._-]+`)", "`<type>-<index>`",
            "the workload's name, unique in the scenario: the `workload` of `flows.csv`, the `job` of `jobs.csv`");
    /** {@code cc}: {@code nic} (the scenario's {@code nic.cc}) or an algorithm. */
    static final Key CC = Key.choice("cc", CollectiveReader.ccValues(), CollectiveReader.CC_NIC,
            "congestion control of the workload's QPs; `nic` = the scenario's `nic.cc`; each algorithm uses its own "
            + "section under `nic`");

    public static final Section COMMON = Section.of("workloads",
            type(String.join(" \\| ", WorkloadConfig.SUPPORTED.stream().map(t -> "`" + t + "`").toList())),
            NAME, CC,
            Key.custom("transport", "`rocev2` \\| `uet`", "`nic.transport`", "the transport of all the workload's "
                    + "QPs (both directions of its connections); below"));

    private WorkloadSchema() {
    }

    /** The {@code type} row of a type's schema; {@code types} is its type column (Markdown). */
    static Key type(String types) {
        return Key.custom("type", types, "**required**", "the workload type");
    }
}
