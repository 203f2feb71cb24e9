package org.lossless.nic.fluid;

import org.apache.commons.math3.ode.AbstractIntegrator;
import org.apache.commons.math3.ode.nonstiff.ClassicalRungeKuttaIntegrator;
import org.apache.commons.math3.ode.nonstiff.EulerIntegrator;
import org.apache.commons.math3.ode.sampling.StepHandler;
import org.apache.commons.math3.ode.sampling.StepInterpolator;

/**
 * Integrates {@link DcqcnFluidModel} with a fixed-step Commons Math integrator (explicit Euler by
 * default, as dcqcn.md §5.7 suggests; classical Runge-Kutta on request). After each accepted step
 * the state is recorded in the delay history; output samples are interpolated at exact multiples
 * of the sample period. History for t &le; 0: q = 0, R_C = R_T = C, alpha = 1.
 */
public final class FluidSolver {
    /** Integration method. */
    public enum Method { EULER, RK4 }

    /** Default step: 0.1 us. */
    public static final long DEFAULT_STEP_PS = 100_000;
    /** Default output sample period: 10 us. */
    public static final long DEFAULT_SAMPLE_PS = 10_000_000;

    private FluidSolver() {
    }

    /** Runs {@code p} for {@code durationPs} with the default step, sample period and method. */
    public static FluidTrace run(FluidParams p, long durationPs) {
        return run(p, durationPs, DEFAULT_STEP_PS, DEFAULT_SAMPLE_PS, Method.EULER);
    }

    public static FluidTrace run(FluidParams p, long durationPs, long stepPs, long samplePs, Method method) {
        if (durationPs <= 0 || stepPs <= 0 || samplePs <= 0) {
            throw new IllegalArgumentException("duration, step and sample period must be > 0");
        }
        if (stepPs > samplePs) {
            throw new IllegalArgumentException("step (" + stepPs + " ps) must not exceed the sample period ("
                + samplePs + " ps)");
        }
        FluidParams.ModelUnits m = p.modelUnits();
        int n = m.n();
        double[] initialHistory = new double[1 + n];
        int[] columns = new int[1 + n];
        initialHistory[0] = 0;
        columns[0] = 0;
        for (int i = 0; i < n; i++) {
            initialHistory[1 + i] = m.c();
            columns[1 + i] = DcqcnFluidModel.rateIndex(i);
        }
        double h = stepPs * 1e-12;
        int capacity = (int) Math.min(Integer.MAX_VALUE - 8, (long) Math.ceil(m.delay() / h) + 8);
        DelayHistory history = new DelayHistory(initialHistory, capacity);
        DcqcnFluidModel model = new DcqcnFluidModel(m, history);

        double[] y = new double[model.getDimension()];
        for (int i = 0; i < n; i++) {
            y[DcqcnFluidModel.alphaIndex(i)] = 1;
            y[DcqcnFluidModel.targetIndex(i)] = m.c();
            y[DcqcnFluidModel.rateIndex(i)] = m.c();
        }
        history.record(0, y, columns);

        long samples = durationPs / samplePs + 1;
        if (samples > 50_000_000L / (n + 3)) {
            throw new IllegalArgumentException("too many output samples (" + samples + " x " + (n + 3)
                + " columns); use a longer sample period");
        }
        FluidTrace trace = new FluidTrace(n, (int) samples);
        double[] rates = new double[n];
        sample(trace, m, 0, y, rates);

        AbstractIntegrator integrator = method == Method.EULER ? new EulerIntegrator(h)
            : new ClassicalRungeKuttaIntegrator(h);
        integrator.addStepHandler(new StepHandler() {
            long nextSample = samplePs;

            @Override
            public void init(double t0, double[] y0, double t) {
            }

            @Override
            public void handleStep(StepInterpolator interpolator, boolean isLast) {
                double t = interpolator.getCurrentTime();
                interpolator.setInterpolatedTime(t);
                history.record(t, interpolator.getInterpolatedState(), columns);
                while (nextSample <= durationPs && nextSample * 1e-12 <= t + h * 1e-6) {
                    interpolator.setInterpolatedTime(Math.min(t, nextSample * 1e-12));
                    sample(trace, m, nextSample, interpolator.getInterpolatedState(), rates);
                    nextSample += samplePs;
                }
            }
        });
        integrator.integrate(model, 0, y, durationPs * 1e-12, y);
        return trace;
    }

    private static void sample(FluidTrace trace, FluidParams.ModelUnits m, long tPs, double[] y, double[] rates) {
        double bits = m.bitsPerPacket();
        for (int i = 0; i < rates.length; i++) {
            rates[i] = y[DcqcnFluidModel.rateIndex(i)] * bits;
        }
        double q = Math.max(0, y[0]);
        trace.add(tPs, q * m.packetBytes(), m.red(q), rates);
    }
}
