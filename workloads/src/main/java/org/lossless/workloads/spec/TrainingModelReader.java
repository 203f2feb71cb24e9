package org.lossless.workloads.spec;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.lossless.core.settings.Values;
import org.lossless.workloads.training.parametric.ComputeModel;
import org.lossless.workloads.training.parametric.ModelShape;
import org.lossless.workloads.yaml.Cursor;

/** Reads a training job's model sizes and compute keys (docs/scenario.md, "Training jobs"). */
final class TrainingModelReader {
    private static final Pattern FLOPS = Pattern.compile("\\s*([0-9]*\\.?[0-9]+(?:[eE][+-]?[0-9]+)?)\\s*([kKMGTP]?)"
            + "(?:FLOP/s|FLOPS|flops)?\\s*");

    private TrainingModelReader() {
    }

    /** The model keys of training job {@code w}; {@code v}: its section as read ({@link TrainingSchema#TRAINING}). */
    static ModelShape model(Cursor w, Values v) {
        Cursor layersKey = w.key("layers");
        if (!layersKey.present()) {
            throw layersKey.error("is required: the transformer's layers, e.g. 32");
        }
        int layers = (int) layersKey.integer(1, TrainingSchema.MAX_COUNT);
        int hidden = (Integer) TrafficSchema.required(w, v, "hidden", ": the hidden size h, e.g. 4096");
        int seq = (Integer) TrafficSchema.required(w, v, "seq", ": the sequence length s, e.g. 2048");
        int experts = v.integer("experts");
        Cursor topKey = w.key("top_k");
        if (experts == 0 && topKey.present()) {
            throw topKey.error("needs experts: a dense model routes no tokens");
        }
        int topK = experts == 0 ? 0 : (int) topKey.integer(Math.min(2, experts), 1, experts);
        int moeEvery = (int) w.key("moe_every").integer(1, 1, layers);
        Cursor skewKey = w.key("routing_skew");
        Cursor routingKey = w.key("routing");
        if (skewKey.present() && routingKey.present()) {
            throw routingKey.error("give either routing (one weight per expert) or routing_skew, not both");
        }
        if (experts == 0 && (skewKey.present() || routingKey.present())) {
            throw (skewKey.present() ? skewKey : routingKey).error("needs experts: a dense model routes no tokens");
        }
        double skew = skewKey.present() ? number(skewKey, "a number >= 0 (0 = uniform)", 0) : 0;
        List<Double> routing = new ArrayList<>();
        if (routingKey.present()) {
            List<Cursor> items = routingKey.list();
            if (items.size() != experts) {
                throw routingKey.error("expected " + experts + " weights (one per expert), got " + items.size());
            }
            for (Cursor item : items) {
                routing.add(number(item, "a weight >= 0", 0));
            }
            if (routing.stream().mapToDouble(Double::doubleValue).sum() <= 0) {
                throw routingKey.error("every weight is 0: no token would be routed");
            }
        }
        Cursor paramsKey = w.key("params");
        Cursor layerKey = w.key("layer_params");
        if (paramsKey.present() && layerKey.present()) {
            throw layerKey.error("give either params (the model's total) or layer_params, not both");
        }
        long params = -1;
        List<Long> perLayer;
        if (paramsKey.present()) {
            params = count(paramsKey, "the model's parameters, e.g. 6.7e9 or 6.7B");
            perLayer = ModelShape.evenly(params, layers);
        } else if (layerKey.present() && layerKey.isList()) {
            List<Cursor> items = layerKey.list();
            if (items.size() != layers) {
                throw layerKey.error("expected " + layers + " counts (one per layer), got " + items.size());
            }
            perLayer = new ArrayList<>();
            for (Cursor item : items) {
                perLayer.add(count(item, "a parameter count"));
            }
        } else {
            long each = layerKey.present() ? count(layerKey, "a parameter count per layer")
                    : ModelShape.gptLayerParams(hidden);
            perLayer = java.util.Collections.nCopies(layers, each);
        }
        return new ModelShape(layers, hidden, seq, v.integer("micro_batch"), v.integer("dtype_bytes"),
                v.integer("grad_dtype_bytes"), perLayer, params, experts, topK, moeEvery, skew, routing);
    }

    /** {@code compute} and {@code recompute} of training job {@code w}; {@code v}: its section as read. */
    static ComputeModel compute(Cursor w, Values v) {
        Cursor c = w.key("compute");
        Values cv = v.nested("compute");
        if (cv == null) {
            throw c.error("is required: {forward: TIME, backward: TIME} per layer and micro-batch on one GPU, or "
                    + "{gpu_flops: 312T, efficiency: 0.5}");
        }
        boolean recompute = v.bool("recompute");
        long optimizer = cv.number("optimizer");
        boolean times = cv.has("forward") || cv.has("backward");
        boolean flops = c.key("gpu_flops").present() || cv.has("efficiency");
        if (times && flops) {
            throw c.error("give either forward and backward times or gpu_flops and efficiency, not both");
        }
        if (times) {
            // an absent one of the two: the time reader's own "is required" message
            long f = cv.has("forward") ? cv.number("forward") : c.key("forward").timePs();
            long b = cv.has("backward") ? cv.number("backward") : c.key("backward").timePs();
            return new ComputeModel(f, b, 0, 0, recompute, optimizer);
        }
        if (!flops) {
            throw c.error("needs forward and backward times, or gpu_flops and efficiency");
        }
        double peak = flops(c.key("gpu_flops"));
        if (!cv.has("efficiency")) {
            throw c.key("efficiency").error("is required with gpu_flops: the fraction of the peak the layers achieve, "
                    + "e.g. 0.5");
        }
        return new ComputeModel(-1, -1, peak, cv.fraction("efficiency"), recompute, optimizer);
    }

    /** A FLOP/s rate: {@code 312T}, {@code 312e12}, {@code 989.5TFLOP/s}. */
    static double flops(Cursor c) {
        if (!c.present()) {
            throw c.error("is required: the GPU's peak FLOP/s, e.g. 312T");
        }
        String t = c.text("a FLOP/s rate such as 312T");
        Matcher m = FLOPS.matcher(t);
        if (!m.matches()) {
            throw c.error("expected a FLOP/s rate such as 312T or 3.12e14, got '" + t + "'");
        }
        double v = Double.parseDouble(m.group(1)) * switch (m.group(2).toUpperCase(Locale.ROOT)) {
            case "K" -> 1e3;
            case "M" -> 1e6;
            case "G" -> 1e9;
            case "T" -> 1e12;
            case "P" -> 1e15;
            default -> 1;
        };
        if (!(v > 0) || Double.isInfinite(v)) {
            throw c.error("must be > 0 FLOP/s");
        }
        return v;
    }

    /** A count: {@code 4096}, {@code 6.7e9}, {@code 6.7B}, {@code 350M}. */
    static long count(Cursor c, String what) {
        String t = c.text(what).strip();
        double mult = 1;
        char last = t.isEmpty() ? ' ' : Character.toUpperCase(t.charAt(t.length() - 1));
        if (last == 'K' || last == 'M' || last == 'B' || last == 'G' || last == 'T') {
            mult = switch (last) {
                case 'K' -> 1e3;
                case 'M' -> 1e6;
                case 'T' -> 1e12;
                default -> 1e9;
            };
            t = t.substring(0, t.length() - 1).strip();
        }
        double v;
        try {
            v = Double.parseDouble(t) * mult;
        } catch (NumberFormatException e) {
            throw c.error("expected " + what + ", got '" + c.text(what) + "'");
        }
        if (!(v >= 0) || v > 1e18) {
            throw c.error("expected " + what + " between 0 and 1e18, got '" + c.text(what) + "'");
        }
        return Math.round(v);
    }

    private static double number(Cursor c, String what, double min) {
        String t = c.text(what);
        double v;
        try {
            v = Double.parseDouble(t.strip());
        } catch (NumberFormatException e) {
            throw c.error("expected " + what + ", got '" + t + "'");
        }
        if (!(v >= min) || Double.isInfinite(v)) {
            throw c.error("expected " + what + ", got " + t);
        }
        return v;
    }
}
