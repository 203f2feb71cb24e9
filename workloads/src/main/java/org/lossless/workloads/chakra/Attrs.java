package org.lossless.workloads.chakra;

import org.lossless.workloads.chakra.proto.EtDef.AttributeProto;

/**
 * Reads a Chakra node attribute's value whatever integer or boolean field of the {@code value} oneof its writer
 * chose: Chakra's converters write {@code comm_size} as int64 and {@code comm_src} as int32, other tools use the
 * unsigned or fixed variants. A value of another kind (a string, a list) is refused by the caller.
 */
final class Attrs {
    private Attrs() {
    }

    /** The integer value, or null when the attribute holds no integer. Unsigned 64-bit values above 2^63 - 1 are refused. */
    static Long integer(AttributeProto a) {
        return switch (a.getValueCase()) {
            case INT32_VAL -> (long) a.getInt32Val();
            case INT64_VAL -> a.getInt64Val();
            case UINT32_VAL -> Integer.toUnsignedLong(a.getUint32Val());
            case UINT64_VAL -> a.getUint64Val() < 0 ? null : a.getUint64Val();
            case SINT32_VAL -> (long) a.getSint32Val();
            case SINT64_VAL -> a.getSint64Val();
            case FIXED32_VAL -> Integer.toUnsignedLong(a.getFixed32Val());
            case FIXED64_VAL -> a.getFixed64Val() < 0 ? null : a.getFixed64Val();
            case SFIXED32_VAL -> (long) a.getSfixed32Val();
            case SFIXED64_VAL -> a.getSfixed64Val();
            default -> null;
        };
    }

    /** The boolean value ({@code bool_val}, or an integer 0/1), or null. */
    static Boolean bool(AttributeProto a) {
        if (a.getValueCase() == AttributeProto.ValueCase.BOOL_VAL) {
            return a.getBoolVal();
        }
        Long v = integer(a);
        return v == null ? null : v != 0;
    }

    /** The string value, or null. */
    static String text(AttributeProto a) {
        return a.getValueCase() == AttributeProto.ValueCase.STRING_VAL ? a.getStringVal() : null;
    }
}
