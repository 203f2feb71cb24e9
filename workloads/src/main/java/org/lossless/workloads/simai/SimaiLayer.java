package org.lossless.workloads.simai;

/**
 * One layer line of a SimAI workload file: three phases, each a compute time then a collective, and the
 * weight update. Times in ps (the file's are SimAI ticks, nanoseconds), sizes in bytes of the whole collective
 * (nccl-tests' size).
 *
 * @param name      the layer's name
 * @param line      its line in the file (1-based), for messages
 * @param fwdPs     forward compute
 * @param fwd       forward collective (tensor-parallel group unless suffixed)
 * @param fwdBytes  its size
 * @param igPs      input-gradient compute
 * @param ig        input-gradient collective (tensor-parallel unless suffixed)
 * @param igBytes   its size
 * @param wgPs      weight-gradient compute
 * @param wg        weight-gradient collective (data-parallel unless suffixed)
 * @param wgBytes   its size
 * @param updatePs  the weight update after the weight-gradient collective
 */
record SimaiLayer(String name, int line, long fwdPs, SimaiComm fwd, long fwdBytes, long igPs, SimaiComm ig,
                  long igBytes, long wgPs, SimaiComm wg, long wgBytes, long updatePs) {
}
