package org.lossless.verbs.measure;

import java.util.List;
import java.util.Map;

/**
 * The NIC's QoS settings as {@code mlnx_qos -i <if>} prints them.
 *
 * @param dcbxMode         e.g. "Firmware controlled"
 * @param trust            {@code dscp} or {@code pcp}
 * @param dscpToPriority   DSCP to priority (trust dscp only), empty otherwise
 * @param rxBufferBytes    receive buffer sizes per buffer index, bytes
 * @param maxBufferBytes   {@code max_buffer_size}, or null
 * @param cableLengthM     {@code Cable len}, metres, or null
 * @param pfcPriorities    priorities with PFC enabled
 * @param priorityToBuffer receive buffer index of each priority 0..7, empty when not printed
 */
public record NicQos(String host, String netdev, String dcbxMode, String trust, Map<Integer, Integer> dscpToPriority,
                     List<Long> rxBufferBytes, Long maxBufferBytes, Integer cableLengthM, List<Integer> pfcPriorities,
                     List<Integer> priorityToBuffer, List<TrafficClass> trafficClasses) {
    public NicQos {
        dscpToPriority = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(dscpToPriority));
        rxBufferBytes = List.copyOf(rxBufferBytes);
        pfcPriorities = List.copyOf(pfcPriorities);
        priorityToBuffer = List.copyOf(priorityToBuffer);
        trafficClasses = List.copyOf(trafficClasses);
    }
}
