package org.lossless.workloads.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;

import org.junit.jupiter.api.Test;
import org.lossless.topology.StarTopology;
import org.lossless.workloads.traffic.RecordingContext;
import org.lossless.workloads.traffic.TrafficContext;
import org.lossless.workloads.traffic.TrafficProgram;

/** The agenda's order (time, then scheduling order) and the one timer it keeps armed, counted by hand. */
class ActionAgendaTest {
    /** A program that only schedules: {@code plan} runs at start with its agenda and context. */
    private static final class Scheduling implements TrafficProgram {
        final ActionAgenda agenda = new ActionAgenda();
        private final BiConsumer<ActionAgenda, TrafficContext> plan;

        Scheduling(BiConsumer<ActionAgenda, TrafficContext> plan) {
            this.plan = plan;
        }

        @Override
        public String name() {
            return "agenda";
        }

        @Override
        public void start(TrafficContext ctx) {
            agenda.bind(ctx);
            plan.accept(agenda, ctx);
        }

        @Override
        public void onTimer(long nowPs) {
            agenda.runDue(nowPs);
        }

        @Override
        public boolean finished() {
            return agenda.isEmpty();
        }
    }

    private static void run(Scheduling p) {
        new RecordingContext(StarTopology.build(2, 100_000_000_000L, 1_000_000L), 1024, 1, 100_000_000_000L, 0)
                .run(List.of(p), Long.MAX_VALUE);
    }

    @Test
    void actionsRunByTimeThenInTheOrderTheyWereScheduled() {
        List<String> ran = new ArrayList<>();
        Scheduling p = new Scheduling((a, ctx) -> {
            a.at(30, () -> ran.add("c30"));
            a.at(10, () -> ran.add("a10"));
            a.at(30, () -> ran.add("d30"));
            a.at(10, () -> {
                ran.add("b10");
                a.at(10, () -> ran.add("b10-now")); // scheduled for now while running: runs in this pass
                a.at(20, () -> ran.add("e20@" + ctx.nowPs())); // the clock when it runs
            });
            assertEquals(10, a.nextPs());
        });
        run(p);
        assertEquals(List.of("a10", "b10", "b10-now", "e20@20", "c30", "d30"), ran);
        assertTrue(p.agenda.isEmpty());
        assertEquals(-1, p.agenda.nextPs());
    }

    @Test
    void slotsFreedByRunActionsAreReusedWithoutChangingTheOrder() {
        List<Integer> ran = new ArrayList<>();
        // 100 rounds of 50 actions 5 ps apart in time, each round scheduled by the last action of the one before:
        // 5,000 actions through some 50 slots, in order
        Scheduling p = new Scheduling((a, ctx) -> round(a, ctx, 0, ran));
        run(p);
        assertEquals(5000, ran.size());
        for (int i = 0; i < ran.size(); i++) {
            assertEquals(i, ran.get(i));
        }
    }

    private static void round(ActionAgenda a, TrafficContext ctx, int round, List<Integer> ran) {
        for (int i = 0; i < 50; i++) {
            int id = round * 50 + i;
            boolean last = i == 49 && round < 99;
            a.at(ctx.nowPs() + 5, () -> {
                ran.add(id);
                if (last) {
                    round(a, ctx, round + 1, ran);
                }
            });
        }
    }

    @Test
    void refusesThePast() {
        Scheduling p = new Scheduling((a, ctx) -> a.at(20, () -> a.at(19, () -> { })));
        assertThrows(IllegalArgumentException.class, () -> run(p));
    }
}
