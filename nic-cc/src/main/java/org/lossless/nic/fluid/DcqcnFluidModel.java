package org.lossless.nic.fluid;

import org.apache.commons.math3.ode.FirstOrderDifferentialEquations;

/**
 * The CoNEXT'16 DCQCN fluid model as delay-differential equations (reference dcqcn.md §5.2), in
 * model units (packets, seconds). State y = [q, then alpha_i, R_T,i, R_C,i for each flow i].
 * Delayed values q(t - tau*) and R_C,i(t - tau*) come from a {@link DelayHistory} that the solver
 * fills after each accepted step. Boundary rules follow the reference MATLAB: limits at p = 0 and
 * p = 1, positive rate derivatives dropped once a rate reaches C, dq/dt floored at 0 for an empty
 * queue and at the queue cap, and a flow with R_C = R_C,d = 0 frozen.
 */
final class DcqcnFluidModel implements FirstOrderDifferentialEquations {
    private final FluidParams.ModelUnits m;
    private final DelayHistory history;
    private final double kByte;
    private final double kTimer;

    DcqcnFluidModel(FluidParams.ModelUnits units, DelayHistory history) {
        this.m = units;
        this.history = history;
        this.kByte = units.byteCounter();
        this.kTimer = units.timer();
    }

    static int alphaIndex(int flow) {
        return 1 + 3 * flow;
    }

    static int targetIndex(int flow) {
        return 2 + 3 * flow;
    }

    static int rateIndex(int flow) {
        return 3 + 3 * flow;
    }

    @Override
    public int getDimension() {
        return 1 + 3 * m.n();
    }

    @Override
    public void computeDerivatives(double t, double[] y, double[] yDot) {
        history.locate(t - m.delay());
        double p = m.red(history.value(0));
        double c = m.c();
        double sum = 0;
        for (int i = 0; i < m.n(); i++) {
            sum += y[rateIndex(i)];
        }
        double dq = sum - c;
        if ((y[0] <= 0 && dq < 0) || (y[0] >= m.queueCap() && dq > 0)) {
            dq = 0;
        }
        yDot[0] = dq;
        double log1mp = p < 1 ? Math.log1p(-p) : Double.NEGATIVE_INFINITY;
        for (int i = 0; i < m.n(); i++) {
            double alpha = y[alphaIndex(i)];
            double rt = y[targetIndex(i)];
            double rc = y[rateIndex(i)];
            double rcd = history.value(1 + i);
            if (rc == 0 && rcd == 0) {
                yDot[alphaIndex(i)] = 0;
                yDot[targetIndex(i)] = 0;
                yDot[rateIndex(i)] = 0;
                continue;
            }
            double cut;
            double alphaTarget;
            double byteTerm;
            double timerTerm;
            double aiByte;
            double aiTimer;
            if (p <= 0) {
                cut = 0;
                alphaTarget = 0;
                byteTerm = kByte > 0 ? rcd / kByte : 0;
                timerTerm = kTimer > 0 ? 1 / kTimer : 0;
                aiByte = byteTerm;
                aiTimer = timerTerm;
            } else if (p >= 1) {
                cut = 1;
                alphaTarget = 1;
                byteTerm = timerTerm = aiByte = aiTimer = 0;
            } else {
                cut = -Math.expm1(m.tau() * rcd * log1mp);
                alphaTarget = -Math.expm1(m.tauPrime() * rcd * log1mp);
                byteTerm = kByte > 0 ? expiryRate(rcd, p, kByte, log1mp, rcd / kByte) : 0;
                aiByte = byteTerm == 0 ? 0 : byteTerm * Math.exp(m.f() * kByte * log1mp);
                double x = kTimer * rcd;
                timerTerm = kTimer > 0 ? expiryRate(rcd, p, x, log1mp, 1 / kTimer) : 0;
                aiTimer = timerTerm == 0 ? 0 : timerTerm * Math.exp(m.f() * x * log1mp);
            }
            double dAlpha = m.g() / m.tauPrime() * (alphaTarget - alpha);
            double dRt = -(rt - rc) / m.tau() * cut + m.rai() * (aiByte + aiTimer);
            double dRc = -rc * alpha / (2 * m.tau()) * cut + (rt - rc) / 2 * (byteTerm + timerTerm);
            if (rc >= c && dRc > 0) {
                dRc = 0;
            }
            if (rt >= c && dRt > 0) {
                dRt = 0;
            }
            yDot[alphaIndex(i)] = dAlpha;
            yDot[targetIndex(i)] = dRt;
            yDot[rateIndex(i)] = dRc;
        }
    }

    /**
     * R * p / ((1-p)^(-x) - 1): the rate of counter expiries (every x packets) with no mark in between;
     * {@code limit} (its p &rarr; 0 value) when the denominator underflows to 0.
     */
    private static double expiryRate(double r, double p, double x, double log1mp, double limit) {
        double den = Math.expm1(-x * log1mp);
        if (den == 0) {
            return limit;
        }
        if (Double.isInfinite(den)) {
            return 0;
        }
        return r * p / den;
    }
}
