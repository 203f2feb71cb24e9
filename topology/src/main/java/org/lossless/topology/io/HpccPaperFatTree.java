package org.lossless.topology.io;

/**
 * The HPCC paper's fat-tree (Li et al., SIGCOMM 2019, §5; the HPCC simulator's {@code mix/fat.txt}) as an
 * HPCC topology file, for validation runs: 320 hosts at 100 Gb/s, 20 ToRs of 16 hosts, 20 aggregation and
 * 16 core switches, 400 Gb/s fabric links, 1 us on every link. Five pods of 4 ToRs and 4 aggregation
 * switches in full mesh; aggregation switch j of every pod connects to core switches 4j..4j+3. Node ids:
 * hosts 0..319, ToRs 320..339, aggregation 340..359, cores 360..375. Not oversubscribed.
 */
public final class HpccPaperFatTree {
    private HpccPaperFatTree() {
    }

    /** The file's text. */
    public static String text() {
        StringBuilder links = new StringBuilder();
        int n = 0;
        for (int h = 0; h < 320; h++) {
            links.append(h).append(' ').append(320 + h / 16).append(" 100Gbps 1000ns 0\n");
            n++;
        }
        for (int pod = 0; pod < 5; pod++) {
            for (int t = 0; t < 4; t++) {
                for (int a = 0; a < 4; a++) {
                    links.append(320 + 4 * pod + t).append(' ').append(340 + 4 * pod + a).append(" 400Gbps 1000ns 0\n");
                    n++;
                }
            }
        }
        for (int agg = 0; agg < 20; agg++) {
            for (int c = 0; c < 4; c++) {
                links.append(340 + agg).append(' ').append(360 + 4 * (agg % 4) + c).append(" 400Gbps 1000ns 0\n");
                n++;
            }
        }
        StringBuilder head = new StringBuilder().append("376 56 ").append(n).append('\n');
        for (int s = 320; s < 376; s++) {
            head.append(s).append(s < 375 ? " " : "\n");
        }
        return head.append(links).toString();
    }
}
