import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import org.lossless.plots.data.*;
public class LinkLoadBench {
    public static void main(String[] a) throws Exception {
        var tm = ManagementFactory.getThreadMXBean();
        ResultSet rs = ResultSet.open(Path.of(a[0]));
        for (int rep = 0; rep < 3; rep++) {
            long c0 = tm.getCurrentThreadCpuTime(), w0 = System.nanoTime();
            var l = LinkLoadReader.read(rs, 150);
            long c1 = tm.getCurrentThreadCpuTime(), w1 = System.nanoTime();
            System.out.printf("links: cpu %.2f s wall %.2f s (%d links)%n", (c1-c0)/1e9, (w1-w0)/1e9, l.util().size());
        }
    }
}
