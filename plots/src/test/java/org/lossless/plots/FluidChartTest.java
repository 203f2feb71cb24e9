package org.lossless.plots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FluidChartTest {
    @TempDir
    Path dir;

    @Test
    void drawsAPngOfTheRatesAndTheQueue() throws IOException {
        Path csv = Files.writeString(dir.resolve("fluid.csv"), """
                time_ps,queue_bytes,mark_probability,rate_bps_0,rate_bps_1
                0,0,0,40000000000,40000000000
                10000000,5000,0.001,30000000000,30000000000
                20000000,20000,0.002,20000000000,20000000000
                """);
        Path png = dir.resolve("fluid.png");
        FluidChart.write(csv, png);
        BufferedImage img = ImageIO.read(png.toFile());
        assertEquals(1000, img.getWidth());
        assertEquals(700, img.getHeight());
        // something was drawn: more than one colour in the image
        int first = img.getRGB(0, 0);
        boolean varied = false;
        for (int x = 0; x < img.getWidth() && !varied; x += 7) {
            for (int y = 0; y < img.getHeight() && !varied; y += 7) {
                varied = img.getRGB(x, y) != first;
            }
        }
        assertTrue(varied);
    }

    @Test
    void aBrokenCsvNamesTheFileAndLine() throws IOException {
        Path csv = Files.writeString(dir.resolve("bad.csv"), "time_ps,queue_bytes\n0,1\n5,x\n");
        IOException e = assertThrows(IOException.class, () -> FluidChart.write(csv, dir.resolve("b.png")));
        assertTrue(e.getMessage().contains("bad.csv:3") && e.getMessage().contains("queue_bytes"), e.getMessage());
    }
}
