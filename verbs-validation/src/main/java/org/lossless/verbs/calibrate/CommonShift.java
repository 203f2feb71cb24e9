package org.lossless.verbs.calibrate;

/**
 * Per experiment, the generalised least-squares estimate of one common relative shift of all its informative
 * metrics, b = (o' C^-1 z) / (o' C^-1 o), and its standard score o' C^-1 z / sqrt(o' C^-1 o) (o: 1 on the
 * experiment's metrics whose measured value is not 0). A run whose metrics are all off one way has a large score.
 */
final class CommonShift {
    private CommonShift() {
    }

    /** {b, score} per experiment, for residuals z (scaled units). */
    static double[][] of(Terms t, NoiseModel noise, double[] z, int experiments) {
        double[] w = noise.whiten(z);
        double[][] out = new double[experiments][2];
        for (int e = 0; e < experiments; e++) {
            double[] o = new double[t.n];
            for (int i = 0; i < t.n; i++) {
                o[i] = t.experiment[i] == e && t.y[i] != 0 ? 1 : 0;
            }
            double[] u = noise.whiten(o);
            double uw = 0;
            double uu = 0;
            for (int i = 0; i < t.n; i++) {
                uw += u[i] * w[i];
                uu += u[i] * u[i];
            }
            out[e][0] = uu == 0 ? 0 : uw / uu;
            out[e][1] = uu == 0 ? 0 : uw / Math.sqrt(uu);
        }
        return out;
    }

    /** The residuals z of simulated values m against measured y (MISSING where m is NaN). */
    static double[] residuals(Terms t, double[] m, double[] y) {
        double[] z = new double[t.n];
        for (int i = 0; i < t.n; i++) {
            z[i] = Double.isNaN(m[i]) ? Objective.MISSING : (m[i] - y[i]) / t.scale[i];
        }
        return z;
    }
}
