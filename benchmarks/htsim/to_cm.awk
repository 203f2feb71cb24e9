# messages.csv of `lossless export flows` -> an htsim connection matrix (Nodes, Connections, one line per flow:
# src->dst id I start 0 size B). Flow ids are the message ids + 1 (htsim refuses id 0). Only flows posted at time 0
# without dependencies are supported (htsim_uec reads "start" in microseconds, its format note says picoseconds):
# anything else stops the conversion with exit 2.
BEGIN { FS = ","; n = 0 }
NR == 1 {
  for (i = 1; i <= NF; i++) col[$i] = i
  if (!("src" in col) || !("dst" in col) || !("size_bytes" in col) || !("post_ps" in col)) {
    print "to_cm.awk: " FILENAME ": not a messages.csv of 'lossless export flows'" > "/dev/stderr"; bad = 1; exit 2
  }
  next
}
{
  if ($col["post_ps"] != 0 || $col["depends_on"] != "") {
    print "to_cm.awk: " FILENAME " line " NR ": only flows posted at 0 without dependencies are supported" > "/dev/stderr"
    bad = 1; exit 2
  }
  line[n++] = $col["src"] "->" $col["dst"] " id " ($col["id"] + 1) " start 0 size " $col["size_bytes"]
}
END {
  if (bad) exit 2
  print "Nodes " nodes
  print "Connections " n
  for (i = 0; i < n; i++) print line[i]
}
