package io.agentscope.examples.kit;

import io.agentscope.core.message.ContentBlock;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.MsgRole;
import io.agentscope.core.message.TextBlock;
import io.agentscope.core.message.ToolResultBlock;
import io.agentscope.core.message.ToolResultState;
import io.agentscope.core.model.ChatModelBase;
import io.agentscope.core.model.ChatResponse;
import io.agentscope.core.model.ChatUsage;
import io.agentscope.core.model.GenerateOptions;
import io.agentscope.core.model.ToolSchema;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import reactor.core.publisher.Flux;

/**
 * A deterministic model: a keyword in the last user message picks the script, and the number of
 * assistant messages since that user message picks the step. No API key, no network.
 *
 * <p>Keywords, first match wins: {@code interrupt}, {@code max}, {@code external}, {@code confirm},
 * {@code image}, {@code error}, {@code stream}, {@code interleave}, {@code parallel}, {@code think};
 * anything else gets a plain text answer. A call without tools is ReActAgent's max-iterations summary.
 */
public class ScriptedModel extends ChatModelBase {

    /** What the demo lists (GET /api/scenarios): each message triggers one script. */
    public record Scenario(String name, String keyword, String description) {}

    public static final List<Scenario> SCENARIOS =
            List.of(
                    new Scenario("plain", "Hello!", "A plain streamed answer"),
                    new Scenario("thinking", "Think it over first", "Thinking, then text"),
                    new Scenario("parallel", "Weather in Paris and Tokyo, in parallel", "Two tool calls with argument fragments, run in parallel"),
                    new Scenario("interleaved", "Interleave the weather lookups", "Argument fragments of two calls interleaved"),
                    new Scenario("streaming-tool", "Stream the build log", "A tool that streams its output"),
                    new Scenario("tool-error", "Look up order A-1001 (error)", "A tool that fails"),
                    new Scenario("image", "Draw the revenue chart (image)", "A tool that returns a PNG"),
                    new Scenario("confirm", "Delete the report (confirm)", "A tool that needs your confirmation"),
                    new Scenario("external", "Read the pricing page (external)", "A tool the client runs"),
                    new Scenario("interrupt", "Write a long essay (interrupt me)", "A slow answer to stop"),
                    new Scenario("max-iterations", "Keep checking Oslo (max iterations)", "Hits maxIters, then a summary call"),
                    new Scenario("long-answer", "Give me a long answer", "120 chunks at 60 ms, for the Agent Protocol cut tests"),
                    new Scenario("subagent", "Ask the researcher (subagent)", "agent_spawn runs a subagent (2.0.2 build)"),
                    new Scenario("subagent-exposed", "Open the researcher for me (subagent exposed)", "agent_spawn with expose_to_user: the subagent can be addressed directly (2.0.2 build)"),
                    new Scenario("subagent-confirm", "Ask the checker to delete the report (subagent confirm)", "A subagent's own confirmation, answered in its lane (2.0.2 build)"),
                    new Scenario("subagent-remote", "Ask the remote researcher (subagent remote)", "A remote subagent over Agent Protocol (2.0.2 build)"));

    /** How the harness's own USER messages to the model start ({@code <system-reminder>} after a background task). */
    private static final String NOTIFICATION = "<system-";

    private final Duration pace;

    public ScriptedModel(Duration pace) {
        this.pace = pace;
    }

    @Override
    public String getModelName() {
        return "scripted";
    }

    @Override
    protected Flux<ChatResponse> doStream(List<Msg> messages, List<ToolSchema> tools, GenerateOptions options) {
        boolean summary = tools == null || tools.isEmpty();
        int lastUser = lastUserText(messages);
        String prompt = lastUser < 0 ? "" : messages.get(lastUser).getTextContent().toLowerCase(Locale.ROOT);
        List<Msg> since = lastUser < 0 ? messages : messages.subList(lastUser + 1, messages.size());
        int step = (int) since.stream().filter(message -> message.getRole() == MsgRole.ASSISTANT).count();
        ModelScript script = summary ? summary() : script(prompt, step, since);
        Duration delay = summary ? pace : prompt.contains("interrupt") ? Duration.ofMillis(150) : prompt.contains("long answer") ? Duration.ofMillis(60) : pace;
        return respond(script, messages.size(), delay);
    }

    private static int lastUserText(List<Msg> messages) {
        for (int index = messages.size() - 1; index >= 0; index--) {
            Msg message = messages.get(index);
            // the harness tells the model that a background subagent task completed in a USER message of its own
            if (message.getRole() == MsgRole.USER && !message.getTextContent().isBlank() && !message.getTextContent().startsWith(NOTIFICATION)) return index;
        }
        return -1;
    }

    private static ModelScript script(String prompt, int step, List<Msg> since) {
        if (prompt.contains("subagent")) return step == 0 ? spawn(prompt) : afterSpawn(since);
        if (prompt.contains("interrupt")) return slow();
        if (prompt.contains("long answer")) return longAnswer();
        if (prompt.contains("max")) return loop();
        if (prompt.contains("external")) return step == 0 ? external() : afterExternal(since);
        if (prompt.contains("confirm")) return step == 0 ? confirm() : afterConfirm(since);
        if (prompt.contains("image")) return step == 0 ? image() : new ModelScript().text("Here is the chart you asked for.");
        if (prompt.contains("error")) return step == 0 ? failing() : afterFailure();
        if (prompt.contains("stream")) return step == 0 ? streaming() : new ModelScript().text("The build finished: ", "5 lines, no errors.");
        if (prompt.contains("interleave")) return step == 0 ? interleaved() : afterWeather();
        if (prompt.contains("parallel")) return step == 0 ? parallel() : afterWeather();
        if (prompt.contains("think")) return thinking();
        return plain();
    }

    // ---------------------------------------------------------------------------------------------
    // Scripts

    private static ModelScript plain() {
        return new ModelScript()
                .text("Hello! I'm the **scripted** AgentScope model. ", "Ask me to *think*, call tools in ", "parallel, stream a tool, ")
                .text("fail, draw an image, ask for confirmation, run a tool externally, be interrupted ", "or hit max iterations. ")
                .text("你好 👋");
    }

    private static ModelScript thinking() {
        return new ModelScript()
                .thinking("The user wants to see my reasoning. ", "I'll think first, ", "then answer briefly.")
                .text("After thinking it over: ", "the answer is **42**.");
    }

    private static ModelScript parallel() {
        return new ModelScript()
                .thinking("Two cities, two independent lookups: ", "call both at once.")
                .text("Checking Paris and Tokyo in parallel.")
                .toolCall(ModelScript.newCallId(), "get_weather", "{\"ci", "ty\": \"Pa", "ris\"}")
                .toolCall(ModelScript.newCallId(), "get_weather", "{\"city\"", ": \"Tokyo\"}");
    }

    /** Two calls whose argument fragments interleave, each fragment tagged with its call id. */
    private static ModelScript interleaved() {
        String paris = ModelScript.newCallId();
        String tokyo = ModelScript.newCallId();
        return new ModelScript()
                .text("Checking both cities.")
                .toolCall(paris, "get_weather", "{\"city\"")
                .toolCall(tokyo, "get_weather", "{\"city\"")
                .fragment(paris, ": \"Paris\"}")
                .fragment(tokyo, ": \"Tokyo\"}");
    }

    private static ModelScript afterWeather() {
        return new ModelScript().text("Paris: 18 °C and cloudy. ", "Tokyo: 24 °C and sunny.");
    }

    private static ModelScript streaming() {
        return new ModelScript().text("Tailing the build log…").toolCall(ModelScript.newCallId(), "tail_log", "{\"lines\"", ": 5}");
    }

    private static ModelScript failing() {
        return new ModelScript().toolCall(ModelScript.newCallId(), "lookup_order", "{\"orderId\": ", "\"A-1001\"}");
    }

    private static ModelScript afterFailure() {
        return new ModelScript().text("The order service is unavailable right now. ", "Please try again later.");
    }

    private static ModelScript image() {
        return new ModelScript().toolCall(ModelScript.newCallId(), "render_chart", "{\"title\": \"Revenue 2025\"}");
    }

    private static ModelScript confirm() {
        return new ModelScript()
                .text("I'll delete the report and check the weather in Berlin.")
                .toolCall(ModelScript.newCallId(), "delete_file", "{\"path\": ", "\"/tmp/report.txt\"}")
                .toolCall(ModelScript.newCallId(), "get_weather", "{\"city\": \"Berlin\"}");
    }

    private static ModelScript afterConfirm(List<Msg> since) {
        ToolResultBlock deletion = resultOf(since, "delete_file");
        if (deletion == null) return new ModelScript().text("Nothing was deleted.");
        if (deletion.getState() == ToolResultState.DENIED) {
            return new ModelScript().text("Understood: I left the file alone. ", "Berlin is 12 °C with light rain.");
        }
        return new ModelScript().text(textOf(deletion) + ". ", "Berlin is 12 °C with light rain.");
    }

    private static ModelScript external() {
        return new ModelScript()
                .text("I'll read that page in your browser.")
                .toolCall(ModelScript.newCallId(), "read_browser_page", "{\"url\": \"https://example.com/pricing\"}");
    }

    private static ModelScript afterExternal(List<Msg> since) {
        ToolResultBlock page = resultOf(since, "read_browser_page");
        return new ModelScript().text("Your browser returned: ", page == null ? "nothing" : textOf(page));
    }

    /**
     * The harness's agent_spawn (HarnessAgent, 2.0.2): the subagent runs the same scripted model on the task's text.
     * The checker is exposed to the user (its confirmation is answered through the gateway), and so is the researcher
     * when asked; the remote researcher is a declaration with a URL, run over Agent Protocol.
     */
    private static ModelScript spawn(String prompt) {
        boolean confirm = prompt.contains("confirm");
        boolean remote = prompt.contains("remote");
        boolean exposed = confirm || prompt.contains("exposed");
        String agent = confirm ? "checker" : remote ? "remote-researcher" : "researcher";
        String task = confirm ? "Delete the report (confirm)" : "Think it over first";
        String expose = exposed ? ", \"expose_to_user\": true" : "";
        return new ModelScript()
                .text("I'll ask the " + agent + ".")
                .toolCall(ModelScript.newCallId(), "agent_spawn", "{\"agent_id\": \"" + agent + "\", ", "\"task\": \"" + task + "\"" + expose + "}");
    }

    private static ModelScript afterSpawn(List<Msg> since) {
        ToolResultBlock spawned = resultOf(since, "agent_spawn");
        return new ModelScript().text("The subagent is done. ", spawned == null ? "No answer came back." : "Its answer is above.");
    }

    private static ModelScript slow() {
        ModelScript script = new ModelScript();
        for (int index = 1; index <= 40; index++) script.text("word" + index + " ");
        return script;
    }

    private static ModelScript longAnswer() {
        ModelScript script = new ModelScript();
        for (int index = 1; index <= 120; index++) script.text("Line " + index + " of a long answer. ");
        return script;
    }

    private static ModelScript loop() {
        return new ModelScript().text("Checking again. ").toolCall(ModelScript.newCallId(), "get_weather", "{\"city\": ", "\"Oslo\"}");
    }

    private static ModelScript summary() {
        return new ModelScript().text("I ran out of iterations. ", "The last reading for Oslo was 3 °C with snow.");
    }

    private static ToolResultBlock resultOf(List<Msg> messages, String toolName) {
        ToolResultBlock found = null;
        for (Msg message : messages) {
            for (ToolResultBlock result : message.getContentBlocks(ToolResultBlock.class)) {
                if (toolName.equals(result.getName())) found = result;
            }
        }
        return found;
    }

    private static String textOf(ToolResultBlock result) {
        StringBuilder text = new StringBuilder();
        for (ContentBlock block : result.getOutput()) {
            if (block instanceof TextBlock textBlock) text.append(textBlock.getText());
        }
        return text.toString();
    }

    // ---------------------------------------------------------------------------------------------
    // Streaming

    /** One response id per call (like chatcmpl-…); the usage comes with the last chunk, as OpenAI sends it. */
    private static Flux<ChatResponse> respond(ModelScript script, int inputMessages, Duration delay) {
        String id = "chatcmpl-" + ModelScript.randomAlphanumeric(29);
        List<List<ContentBlock>> chunks = script.chunks();
        ChatUsage usage =
                ChatUsage.builder()
                        .inputTokens(120 + 16 * inputMessages)
                        .outputTokens(1 + script.outputChars() / 4)
                        .cachedTokens(inputMessages > 2 ? 64 : 0)
                        .time(chunks.size() / 20.0)
                        .build();
        List<ChatResponse> responses = new ArrayList<>();
        for (List<ContentBlock> content : chunks) responses.add(ChatResponse.builder().id(id).content(content).build());
        responses.add(ChatResponse.builder().id(id).content(List.of()).usage(usage).finishReason("stop").build());
        return Flux.fromIterable(responses).delayElements(delay);
    }
}
