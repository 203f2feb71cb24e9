/** Text helpers shared by every module's error messages: "did you mean" suggestions, safe excerpts of user text. */
package org.lossless.core.text;
