package org.lossless.verbs.parse;

/** The formats {@link FormatDetector} recognises. {@link #id()} is what the record's sources name. */
public enum Format {
    PERFTEST("perftest", "perftest output (ib_write_bw, ib_read_lat, ...)"),
    PERFTEST_JSON("perftest-json", "perftest --out_json file"),
    PERFTEST_VALUE("perftest-value", "a bare number (perftest --output=bandwidth|message_rate|latency)"),
    TOOL_HELP("help", "a tool's --help"),
    NCCL_TESTS("nccl-tests", "nccl-tests output (all_reduce_perf, ...)"),
    FIO_JSON("fio-json", "fio --output-format=json"),
    COUNTERS("counters", "'name: value' counters (ethtool -S, hw_counters)"),
    SYSFS("sysfs", "a sysfs dump, 'path:value' per line (grep -H -r . DIR)"),
    MLNX_QOS("mlnx_qos", "mlnx_qos -i IF"),
    MLXCONFIG("mlxconfig", "mlxconfig -d DEV q"),
    SONIC_COUNTERS("sonic-counters", "SONiC show pfc|queue counters, show ... watermark"),
    SONIC_CONFIG_DB("sonic-config-db", "SONiC CONFIG_DB JSON"),
    PG_PROFILE_LOOKUP("pg-profile-lookup", "SONiC pg_profile_lookup.ini");

    private final String id;
    private final String description;

    Format(String id, String description) {
        this.id = id;
        this.description = description;
    }

    public String id() {
        return id;
    }

    public String description() {
        return description;
    }
}
