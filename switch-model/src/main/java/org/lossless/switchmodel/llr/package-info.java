/** Link-level retry (LLR, Ultra Ethernet) and injected frame errors on a link (docs/uet.md). */
package org.lossless.switchmodel.llr;
