/**
 * DCQCN without a packet network (reference dcqcn.md §2-4): the per-QP
 * {@link org.lossless.nic.dcqcn.NotificationPoint} (CE marks to CNPs) and
 * {@link org.lossless.nic.dcqcn.ReactionPoint} (alpha, cuts, fast recovery, additive and hyper
 * increase, lazily evaluated timers), configured by {@link org.lossless.nic.dcqcn.DcqcnParams}
 * (the scenario keys {@code nic.dcqcn.*}, their ranges and their defaults per profile paper2015, mlx5,
 * hpcc2019 in the schema {@link org.lossless.nic.dcqcn.DcqcnSchema}; the profiles by name in
 * {@link org.lossless.nic.dcqcn.DcqcnProfiles}).
 */
package org.lossless.nic.dcqcn;
