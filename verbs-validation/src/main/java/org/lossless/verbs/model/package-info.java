/** Closed-form models used as first checks of measurements: RoCEv2 goodput from line rate, MTU and headers. */
package org.lossless.verbs.model;
