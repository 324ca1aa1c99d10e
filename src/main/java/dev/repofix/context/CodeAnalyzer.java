package dev.repofix.context;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashSet;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.StopFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.core.FlattenGraphFilter;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.miscellaneous.WordDelimiterGraphFilter;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

/**
 * Tokens of code and of failure text alike: identifiers are kept whole and also split
 * at camelCase, snake_case, dots and digits ({@code computeDiscount} gives
 * {@code computediscount}, {@code compute}, {@code discount}), lower-cased, English
 * stop words dropped.
 */
final class CodeAnalyzer extends Analyzer {
    private static final int SPLIT_FLAGS = WordDelimiterGraphFilter.GENERATE_WORD_PARTS
            | WordDelimiterGraphFilter.GENERATE_NUMBER_PARTS
            | WordDelimiterGraphFilter.SPLIT_ON_CASE_CHANGE
            | WordDelimiterGraphFilter.SPLIT_ON_NUMERICS
            | WordDelimiterGraphFilter.PRESERVE_ORIGINAL;

    @Override
    protected TokenStreamComponents createComponents(String fieldName) {
        Tokenizer source = new StandardTokenizer();
        TokenStream stream = new WordDelimiterGraphFilter(source, SPLIT_FLAGS, null);
        // The split emits a token graph; the index needs a flat stream.
        stream = new FlattenGraphFilter(stream);
        stream = new LowerCaseFilter(stream);
        stream = new StopFilter(stream, EnglishAnalyzer.ENGLISH_STOP_WORDS_SET);
        return new TokenStreamComponents(source, stream);
    }

    /** The distinct terms of {@code text}, in order of first appearance. */
    Set<String> terms(String text) {
        Set<String> out = new LinkedHashSet<>();
        try (TokenStream ts = tokenStream("body", text)) {
            CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
            ts.reset();
            while (ts.incrementToken()) {
                out.add(term.toString());
            }
            ts.end();
        } catch (IOException e) {
            // Analysing a String does no I/O.
            throw new UncheckedIOException(e);
        }
        return out;
    }
}
