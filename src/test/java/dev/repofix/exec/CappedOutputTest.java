package dev.repofix.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

class CappedOutputTest {
    private static final String MARKER = "bytes of output elided by repofix";

    @Test
    void keepsEverythingUnderTheCap() {
        CappedOutput out = written(1024, "hello\nworld\n");

        assertThat(out.text()).isEqualTo("hello\nworld\n");
        assertThat(out.totalBytes()).isEqualTo(12);
    }

    @Test
    void keepsEverythingExactlyAtTheCap() {
        String text = "x".repeat(1024);

        assertThat(written(1024, text).text()).isEqualTo(text);
    }

    @Test
    void keepsTheFirstAndLastHalvesAndCountsWhatWasDropped() {
        String text = "H".repeat(600) + "M".repeat(1000) + "T".repeat(600);

        CappedOutput out = written(1024, text);

        assertThat(out.totalBytes()).isEqualTo(2200);
        assertThat(out.text()).isEqualTo("H".repeat(512)
                + "\n[... 1176 " + MARKER + " ...]\n"
                + "T".repeat(512));
    }

    @Test
    void splitsAnOddCapWithTheExtraByteInTheTail() {
        String text = "a".repeat(10) + "b".repeat(2000) + "c".repeat(10);

        String kept = written(1025, text).text();

        assertThat(kept).startsWith("a".repeat(10) + "b".repeat(502) + "\n[... 995 ")
                .endsWith("]\n" + "b".repeat(503) + "c".repeat(10));
    }

    @Test
    void manySmallWritesKeepTheSameBytesAsOneLargeWrite() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 5000; i++) {
            sb.append("line ").append(i).append('\n');
        }
        byte[] all = sb.toString().getBytes(StandardCharsets.UTF_8);
        CappedOutput chunked = new CappedOutput(2048);
        for (int off = 0; off < all.length; off += 7) {
            chunked.write(all, off, Math.min(7, all.length - off));
        }

        assertThat(chunked.text()).isEqualTo(written(2048, sb.toString()).text());
        assertThat(chunked.text()).startsWith("line 0\nline 1\n").endsWith("line 4998\nline 4999\n");
    }

    @Test
    void keepsTheSameHeadAndTailWhateverTheSizesOfTheWrites() {
        byte[] all = new byte[50_000];
        for (int i = 0; i < all.length; i++) {
            all[i] = (byte) ('a' + i % 26);
        }
        Random random = new Random(12);
        for (int round = 0; round < 200; round++) {
            int cap = 1024 + random.nextInt(4096);
            CappedOutput chunked = new CappedOutput(cap);
            for (int off = 0; off < all.length; ) {
                int len = Math.min(all.length - off, random.nextInt(3) == 0 ? random.nextInt(3 * cap) : random.nextInt(64));
                chunked.write(all, off, len);
                off += len;
            }
            int head = cap / 2;
            int tail = cap - head;
            assertThat(chunked.text()).isEqualTo(new String(all, 0, head, StandardCharsets.US_ASCII)
                    + "\n[... " + (all.length - cap) + " " + MARKER + " ...]\n"
                    + new String(all, all.length - tail, tail, StandardCharsets.US_ASCII));
        }
    }

    @Test
    void honoursOffsetAndLength() {
        byte[] buf = "__hello__".getBytes(StandardCharsets.UTF_8);
        CappedOutput out = new CappedOutput(1024);

        out.write(buf, 2, 5);

        assertThat(out.text()).isEqualTo("hello");
        assertThat(out.totalBytes()).isEqualTo(5);
    }

    @Test
    void multiByteCharacterAcrossTheHeadTailBoundaryStaysIntactWhenNothingIsDropped() {
        // 511 ASCII bytes put the two bytes of the first 'é' at positions 511 and 512,
        // the first in the head half, the second in the tail half.
        String text = "a".repeat(511) + "é".repeat(100);

        assertThat(written(1024, text).text()).isEqualTo(text);
    }

    @Test
    void emptyOutputIsEmptyText() {
        CappedOutput out = new CappedOutput(1024);

        assertThat(out.text()).isEmpty();
        assertThat(out.totalBytes()).isZero();
    }

    private static CappedOutput written(int cap, String text) {
        CappedOutput out = new CappedOutput(cap);
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        out.write(bytes, 0, bytes.length);
        return out;
    }
}
