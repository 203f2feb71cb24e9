/**
 * Result files and the rule for writing anything to the user's disk.
 *
 * <h2>Result files of a run</h2>
 * Written from a {@link org.lossless.experiments.metrics.RunResult} and the
 * {@link org.lossless.experiments.scenario.Scenario}: {@link org.lossless.experiments.results.ResultsWriter}
 * (the directory), {@link org.lossless.experiments.results.ResultFiles} (CSV text, streamed to the file row by
 * row through {@code RowBuffer}, so writing a file of millions of rows holds one
 * 64 Ki-character chunk, not the file's text), {@link org.lossless.experiments.results.Summary} (summary.json,
 * nearest-rank percentiles, answers first: each job's figure against its ideal
 * ({@link org.lossless.experiments.results.JobHeadline}), each workload's slowdown over its data messages with its
 * control messages apart ({@code FlowFigures}), the simulator's cost last). The values of the exact percentiles
 * of summary.json and flows_summary.csv are kept in a {@link org.lossless.experiments.results.ranks.PercentileValues}
 * per run, in memory up to a budget and in spill files of the directory being written past it. Same scenario
 * and seed, same bytes (except the run-cost figures {@code wall_seconds}, {@code cpu_seconds},
 * {@code events_per_second}, {@code peak_heap_bytes}).
 *
 * <h2>The output rule: never destroy what Lossless did not write</h2>
 * Every command that writes a directory or a file goes through {@link org.lossless.experiments.results.OutputRule}:
 * <ul>
 * <li><b>Directories</b>: {@code OutputRule.writeDirectory(target, kind, dir -> { ...fill dir... })}. The
 * target may be missing, an empty directory, or a previous Lossless result <em>of the same kind</em> whose
 * top-level entries were all written by Lossless; then the writer fills a hidden temporary sibling
 * ({@code .NAME.tmp-PID.START@HOST-*}) which replaces the target atomically when the writer returns. Anything
 * else (a user's folder, {@code --out .}, {@code --out ~}, a run directory where the user dropped
 * {@code notes.md}, a result of another kind) is refused with
 * {@link org.lossless.experiments.results.OutputRefusedException} before anything is touched or any work is
 * done; the CLI shows its message ("DIR exists and is not a Lossless result directory; choose another --out
 * or remove it") and exits with status 2. Call {@code OutputRule.checkDirectory(target, kind)} as early as
 * possible (before long work) to refuse early; {@code writeDirectory} checks again.</li>
 * <li><b>The marker</b>: {@code writeDirectory} writes {@value org.lossless.experiments.results.ResultMarker#FILE}
 * (JSON, format 2: {@code kind}, {@code version}, {@code files} = every file and folder the writer created, at
 * every depth, folders ending in '/', {@code entries} = their top-level names for older readers, {@code nested} =
 * patterns of folders that hold results with markers of their own, such as a sweep's {@code points/*&#47;*}) into
 * the directory. A command that later adds files to a result directory (a report into a run directory) first
 * calls {@code OutputRule.checkAdd(dir, names)} (each name missing, or listed in the marker with everything in
 * it: a user's file of the same name, or inside a folder of that name, is never replaced) and then records them
 * with {@code OutputRule.adopt(dir, kind, paths...)} (each path with its parent folders and, for a folder,
 * everything in it; a path not written yet, such as a Slurm task's log, as a file to come), so that the directory
 * stays replaceable. What Lossless writes inside a result directory through {@code writeDirectory} or
 * {@code writeFile} (a comparison inside a replay bundle, {@code charts/index.json} inside a run's charts) is
 * listed in the marker of the nearest result above it automatically, when every folder on the way is listed
 * there. Markers written before format 2 list top-level names only: such a result (and one from before markers)
 * is replaced only when its listed folders are empty, since their content cannot be told from a user's files. Kinds in use: {@code run} ({@code lossless run}, {@code demo}), {@code sweep}, {@code report}
 * (a report's own directory), {@code fluid}, {@code hpcc-export}, {@code replay-plan}, {@code replay-bundle},
 * {@code replay-comparison}, {@code calibration}: lower case, digits and '-'. Run and sweep directories
 * written before markers existed are recognised by their summary.json or sweep.json.</li>
 * <li><b>Files</b>: {@code OutputRule.writeFile(file, text, force)} refuses an existing file unless
 * {@code force} (the command's {@code --force}), and writes through a hidden temporary sibling renamed into
 * place. {@code OutputRule.checkFile(file, force)} refuses early.</li>
 * <li><b>Interrupts</b>: temporary siblings are removed by a shutdown hook on SIGINT and SIGTERM
 * ({@link org.lossless.experiments.results.Interrupts}; long work registers a
 * {@link org.lossless.experiments.results.Interrupts.Handler} to be asked to stop and to print one line when
 * the clean-up is over). Leftovers of a process killed with SIGKILL carry its pid, start time and host in
 * their name and are removed by the next write into the same folder on the same host; siblings of live
 * processes, and of other hosts sharing the file system (Slurm), are never touched, so parallel runs into
 * one folder (a sweep) do not disturb each other.</li>
 * </ul>
 */
package org.lossless.experiments.results;
