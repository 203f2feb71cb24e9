/**
 * {@code lossless replay run}: executes a plan on the lab hosts through a {@link org.lossless.verbs.run.RemoteShell}
 * (the system {@code ssh} by default) and collects everything into a run bundle: counters before and after on
 * every host and SONiC switch, versions, each process's stdout, stderr, start time and exit code. Arguments are
 * argument vectors quoted one by one for the remote shell; host names are checked before use.
 */
package org.lossless.verbs.run;
