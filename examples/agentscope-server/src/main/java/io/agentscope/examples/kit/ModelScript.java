package io.agentscope.examples.kit;

import io.agentscope.core.message.ContentBlock;
import io.agentscope.core.message.TextBlock;
import io.agentscope.core.message.ThinkingBlock;
import io.agentscope.core.message.ToolUseBlock;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The chunks of one scripted model call, built the way AgentScope's OpenAI parser streams them:
 * text and thinking as they come, and a tool call as one chunk with its id and name followed by
 * argument fragments named {@code "__fragment__"} with an empty id (OpenAIResponseParser,
 * FRAGMENT_PLACEHOLDER).
 */
final class ModelScript {

    /** A provider placeholder name: ReActAgent resolves the id from the last call that had a real name. */
    static final String FRAGMENT = "__fragment__";

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

    private final List<List<ContentBlock>> chunks = new ArrayList<>();
    private int outputChars;

    /** A new call id in OpenAI's format; ids must be unique in a session (ReActAgent matches results by id). */
    static String newCallId() {
        return "call_" + randomAlphanumeric(24);
    }

    static String randomAlphanumeric(int length) {
        StringBuilder builder = new StringBuilder(length);
        for (int index = 0; index < length; index++) builder.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
        return builder.toString();
    }

    ModelScript thinking(String... pieces) {
        for (String piece : pieces) {
            chunks.add(List.of(ThinkingBlock.builder().thinking(piece).build()));
            outputChars += piece.length();
        }
        return this;
    }

    ModelScript text(String... pieces) {
        for (String piece : pieces) {
            chunks.add(List.of(TextBlock.builder().text(piece).build()));
            outputChars += piece.length();
        }
        return this;
    }

    /** The first fragment travels with the id and the name, the others as {@code __fragment__} chunks. */
    ModelScript toolCall(String id, String name, String... fragments) {
        chunks.add(List.of(toolUse(id, name, fragments[0])));
        for (int index = 1; index < fragments.length; index++) fragment("", fragments[index]);
        outputChars += String.join("", fragments).length();
        return this;
    }

    /** An argument fragment; a non-empty id ties it to that call even after another call started. */
    ModelScript fragment(String id, String fragment) {
        chunks.add(List.of(toolUse(id, FRAGMENT, fragment)));
        return this;
    }

    private static ToolUseBlock toolUse(String id, String name, String content) {
        return ToolUseBlock.builder().id(id).name(name).input(Map.of()).content(content).build();
    }

    List<List<ContentBlock>> chunks() {
        return chunks;
    }

    int outputChars() {
        return outputChars;
    }
}
