/** Text helpers shared by every module's error messages: "did you mean" suggestions. */
package org.lossless.core.text;
