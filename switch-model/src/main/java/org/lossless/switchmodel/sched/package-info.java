/**
 * Egress scheduling of a switch port: which of the eight queues the transmitter serves next. Strict
 * priority tiers first (higher queue number first), then Deficit Weighted Round Robin (Shreedhar and
 * Varghese, SIGCOMM 1995) over the remaining queues. {@link org.lossless.switchmodel.sched.SchedulingPlan}
 * is the validated configuration (one for all ports of all switches), {@link
 * org.lossless.switchmodel.sched.EgressScheduler} the per-port state. PFC frames never reach the scheduler:
 * the port sends them ahead of every queue.
 */
package org.lossless.switchmodel.sched;
