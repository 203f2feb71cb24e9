package org.lossless.topology.servers;

/**
 * Where one GPU sits ({@link ServerShape#place}).
 *
 * @param gpu      global GPU number (server x GPUs per server + local GPU)
 * @param server   its server, from 0
 * @param localGpu its index inside the server, 0..GPUs per server - 1
 * @param nic      host number of the NIC that serves it (the fabric's host)
 * @param localNic that NIC's index inside the server (its rail on {@code rail-optimized})
 */
public record GpuPlace(int gpu, int server, int localGpu, int nic, int localNic) {
}
