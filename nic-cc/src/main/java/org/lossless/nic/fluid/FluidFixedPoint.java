package org.lossless.nic.fluid;

import org.apache.commons.math3.analysis.UnivariateFunction;
import org.apache.commons.math3.analysis.solvers.BrentSolver;

/**
 * Solves the fixed-point condition of the CoNEXT'16 model (dcqcn.md §5.3): with R = C/N,
 * a = 1-(1-p)^(tau R), b = p/((1-p)^-B - 1), c = (1-p)^(FB) b, d = p/((1-p)^(-TR) - 1),
 * e = (1-p)^(FTR) d and alpha = 1-(1-p)^(tau' R), p* is the root of
 * a^2 alpha / ((b+d)(c+e)) = tau^2 R_AI R. The root is bracketed on (1e-12, 1 - 1e-12) by a
 * geometric scan and polished with Brent's method in log p.
 */
public final class FluidFixedPoint {
    private FluidFixedPoint() {
    }

    public static FixedPoint solve(FluidParams params) {
        FluidParams.ModelUnits m = params.modelUnits();
        double r = m.c() / m.n();
        double rhs = Math.log(m.tau() * m.tau() * m.rai() * r);
        UnivariateFunction h = x -> logLhs(m, r, Math.exp(x)) - rhs;
        double lo = Math.log(1e-12);
        double hLo = h.value(lo);
        double taylor = taylor(m);
        double rateBps = r * m.bitsPerPacket();
        if (m.rai() == 0) {
            return none(m, rateBps, taylor, "additive_increase is 0: no increase balances the cuts");
        }
        if (!(hLo < 0)) {
            return none(m, rateBps, taylor, "the condition holds already at p = 1e-12");
        }
        double hi = lo;
        double hHi = hLo;
        while (hHi < 0) {
            double next = Math.min(hi + Math.log(1.5), Math.log1p(-1e-12));
            if (next == hi) {
                return none(m, rateBps, taylor, "no root below p = 1 - 1e-12");
            }
            lo = hi;
            hi = next;
            hHi = h.value(hi);
        }
        double x = Double.isFinite(hHi) ? new BrentSolver(1e-15, 1e-14).solve(1000, h, lo, hi) : bisect(h, lo, hi);
        double p = Math.exp(x);
        double q = queuePackets(m, p) * m.packetBytes();
        double alpha = -Math.expm1(m.tauPrime() * r * Math.log1p(-p));
        double qTaylor = queuePackets(m, taylor) * m.packetBytes();
        if (p > m.pmax()) {
            return new FixedPoint(false, p, q, rateBps, alpha, taylor, qTaylor,
                String.format(java.util.Locale.ROOT,
                    "no RED fixed point: p* = %.4g exceeds P_max = %.4g (q* = %.1f KB > K_max = %.1f KB)",
                    p, m.pmax(), q / 1000, m.kmax() * m.packetBytes() / 1000));
        }
        return new FixedPoint(true, p, q, rateBps, alpha, taylor, qTaylor, "");
    }

    /** Small-p approximation: p* = cbrt(R_AI N^2 / (tau' C^2) (1/B + N/(T C))^2). */
    static double taylor(FluidParams.ModelUnits m) {
        double inc = (m.byteCounter() > 0 ? 1 / m.byteCounter() : 0) + (m.timer() > 0 ? m.n() / (m.timer() * m.c()) : 0);
        return Math.cbrt(m.rai() * m.n() * m.n() / (m.tauPrime() * m.c() * m.c()) * inc * inc);
    }

    private static double queuePackets(FluidParams.ModelUnits m, double p) {
        return p / m.pmax() * (m.kmax() - m.kmin()) + m.kmin();
    }

    /** log of a^2 alpha / ((b+d)(c+e)). */
    private static double logLhs(FluidParams.ModelUnits m, double r, double p) {
        double l = Math.log1p(-p);
        double a = -Math.expm1(m.tau() * r * l);
        double alpha = -Math.expm1(m.tauPrime() * r * l);
        double b = 0;
        double c = 0;
        if (m.byteCounter() > 0) {
            b = p / Math.expm1(-m.byteCounter() * l);
            c = Math.exp(m.f() * m.byteCounter() * l) * b;
        }
        double d = 0;
        double e = 0;
        if (m.timer() > 0) {
            double x = m.timer() * r;
            d = p / Math.expm1(-x * l);
            e = Math.exp(m.f() * x * l) * d;
        }
        return 2 * Math.log(a) + Math.log(alpha) - Math.log(b + d) - Math.log(c + e);
    }

    private static double bisect(UnivariateFunction h, double lo, double hi) {
        for (int i = 0; i < 200 && hi - lo > 1e-15; i++) {
            double mid = 0.5 * (lo + hi);
            if (h.value(mid) < 0) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return 0.5 * (lo + hi);
    }

    private static FixedPoint none(FluidParams.ModelUnits m, double rateBps, double taylor, String reason) {
        return new FixedPoint(false, Double.NaN, Double.NaN, rateBps, Double.NaN, taylor,
            queuePackets(m, taylor) * m.packetBytes(), reason);
    }
}
