// Primer's components as component sets: variant axes, component properties and a drawing of one variant.

import { keyOf, round } from "./common.mjs";
import { icon } from "./icons.mjs";
import {
  CONSTRAINTS,
  Ids,
  Recorder,
  emit,
  frame,
  instance,
  measure,
  place,
  rect,
  text,
  vector,
} from "./nodes.mjs";
import { COMPONENTS, SETS_BY_ID, register } from "./registry.mjs";
import { textStyle } from "./styles.mjs";
import { num, vFirst } from "./variables.mjs";

const VARIANTS = new Map(); // `${set}|${variant name}` → component id
const SET_DEFS = new Map(); // set name → componentPropertyDefinitions

/**
 * An instance of a variant of an earlier set: `values` picks the variant (`{Variant: "Primary"}`, the rest
 * defaults) and overrides properties by their short name (`{Label: "Save"}`).
 */
function variantInstance(layer, setName, values = {}, opts = {}) {
  const defs = SET_DEFS.get(setName);
  if (!defs) throw new Error(`set ${setName} is not defined yet`);
  const properties = {};
  const overrides = {};
  const variant = [];
  for (const [full, def] of Object.entries(defs)) {
    const short = full.split("#")[0];
    const value = short in values ? values[short] : def.defaultValue;
    if (def.type === "VARIANT" && !def.variantOptions.includes(value))
      throw new Error(`${setName} has no ${short}=${value}`);
    properties[full] = { type: def.type, value };
    if (def.type === "VARIANT") variant.push(`${short}=${value}`);
    else if (short in values) overrides[full] = value;
  }
  const id = VARIANTS.get(`${setName}|${variant.join(", ")}`);
  if (!id) throw new Error(`${setName} has no variant ${variant.join(", ")}`);
  return instance(layer, id, { ...opts, properties, values: overrides });
}

// ---------------------------------------------------------------------------------------------------------
// Component sets. Each set: variant axes, extra component properties, and a drawing of one variant.
// ---------------------------------------------------------------------------------------------------------

const SETS = [];
export const SET_INFO = new Map(); // set node id → {key, name, description, page}

/** A component-property name as Figma writes it: `Label#12:34`. */
class Props {
  constructor(block) {
    this.block = block;
    this.n = 100;
    this.defs = {};
  }
  add(name, type, defaultValue, extra = {}) {
    const full = `${name}#${this.block}:${this.n++}`;
    this.defs[full] = { defaultValue, type, ...extra };
    return full;
  }
}

function defineSet(spec) {
  SETS.push(spec);
}

const CONTROL = { Small: "small", Medium: "medium", Large: "large" };
const swapPreferred = (names) => names.map((n) => ({ key: COMPONENTS.get(icon(n)).key, type: "COMPONENT" }));
const ACTION_ICONS = [
  "plus",
  "pencil",
  "trash",
  "search",
  "gear",
  "download",
  "upload",
  "star",
  "heart",
  "x",
  "check",
  "triangle-down",
  "kebab-horizontal",
  "copy",
  "link-external",
];

// Primer's component tokens per Button variant, and the surface Button and IconButton share (the disabled
// state falls back to the rest colours where Primer defines no disabled one).
const BUTTON_TOKEN = { Secondary: "default", Primary: "primary", Invisible: "invisible", Danger: "danger" };

function buttonSurface(token, disabled) {
  const state = disabled ? "disabled" : "rest";
  return {
    radius: "borderRadius/medium",
    fill: vFirst(`button/${token}/bgColor/${state}`, `button/${token}/bgColor/rest`).name,
    stroke: vFirst(
      `button/${token}/borderColor/${state}`,
      `button/${token}/borderColor/rest`,
      "button/default/borderColor/rest",
    ).name,
  };
}

defineSet({
  name: "Button",
  description:
    "Button: starts an action (Primer Button). Variants primary, secondary, invisible and danger; sizes small, medium, large; optional leading and trailing Octicons.",
  axes: [
    ["Variant", ["Secondary", "Primary", "Invisible", "Danger"]],
    ["Size", ["Medium", "Small", "Large"]],
    ["State", ["Rest", "Disabled"]],
  ],
  props(p) {
    return {
      label: p.add("Label", "TEXT", "Button"),
      leading: p.add("Leading visual", "BOOLEAN", false),
      leadingIcon: p.add("Leading icon", "INSTANCE_SWAP", icon("plus"), {
        preferredValues: swapPreferred(ACTION_ICONS),
      }),
      trailing: p.add("Trailing visual", "BOOLEAN", false),
      trailingIcon: p.add("Trailing icon", "INSTANCE_SWAP", icon("triangle-down"), {
        preferredValues: swapPreferred(ACTION_ICONS),
      }),
    };
  },
  draw({ Variant, Size, State }, refs) {
    const token = BUTTON_TOKEN[Variant];
    const size = CONTROL[Size];
    const disabled = State === "Disabled";
    const fg = `button/${token}/fgColor/${disabled ? "disabled" : "rest"}`;
    const iconColour = vFirst(`button/${token}/iconColor/${disabled ? "disabled" : "rest"}`, fg).name;
    return frame(
      "Button",
      {
        layout: "HORIZONTAL",
        h: `control/${size}/size`,
        padding: [`control/${size}/paddingBlock`, `control/${size}/paddingInline/normal`],
        gap: `control/${size}/gap`,
        align: "CENTER",
        counter: "CENTER",
        ...buttonSurface(token, disabled),
      },
      [
        instance("Leading visual", icon("plus"), {
          visible: false,
          iconFill: iconColour,
          refs: { mainComponent: refs.leadingIcon, visible: refs.leading },
        }),
        text("Label", "Button", Size === "Small" ? "Body/Small" : "Body/Medium", fg, {
          refs: { characters: refs.label },
        }),
        instance("Trailing visual", icon("triangle-down"), {
          visible: false,
          iconFill: iconColour,
          refs: { mainComponent: refs.trailingIcon, visible: refs.trailing },
        }),
      ],
    );
  },
});

defineSet({
  name: "TextInput",
  description:
    "Text input: a single-line form field (Primer TextInput), with an optional leading Octicon. Width follows the form; the drawn 256 px is the layout's, not a token.",
  axes: [
    ["Size", ["Medium", "Small", "Large"]],
    ["State", ["Rest", "Focused", "Disabled", "Error"]],
  ],
  props(p) {
    return {
      text: p.add("Placeholder", "TEXT", "Placeholder"),
      leading: p.add("Leading visual", "BOOLEAN", false),
      leadingIcon: p.add("Leading icon", "INSTANCE_SWAP", icon("search"), {
        preferredValues: swapPreferred(["search", "mail", "person", "lock", "link", "calendar"]),
      }),
    };
  },
  draw({ Size, State }, refs) {
    const size = CONTROL[Size];
    const border = {
      Rest: "control/borderColor/rest",
      Focused: "focus/outlineColor",
      Disabled: "control/borderColor/disabled",
      Error: "control/borderColor/danger",
    }[State];
    return frame(
      "TextInput",
      {
        layout: "HORIZONTAL",
        w: 256,
        h: `control/${size}/size`,
        padding: [`control/${size}/paddingBlock`, `control/${size}/paddingInline/normal`],
        gap: `control/${size}/gap`,
        counter: "CENTER",
        radius: "borderRadius/medium",
        fill: State === "Disabled" ? "control/bgColor/disabled" : "control/bgColor/rest",
        stroke: border,
        strokeWeight: State === "Focused" ? "borderWidth/thick" : "borderWidth/default",
      },
      [
        instance("Leading visual", icon("search"), {
          visible: false,
          iconFill: "fgColor/muted",
          refs: { mainComponent: refs.leadingIcon, visible: refs.leading },
        }),
        text(
          "Placeholder",
          "Placeholder",
          Size === "Small" ? "Body/Small" : "Body/Medium",
          State === "Disabled" ? "control/fgColor/disabled" : "control/fgColor/placeholder",
          { refs: { characters: refs.text } },
        ),
      ],
    );
  },
});

defineSet({
  name: "Select",
  description:
    "Select: a dropdown form field choosing one option (Primer Select), with its triangle-down chevron. Width follows the form; the drawn 256 px is the layout's, not a token.",
  axes: [
    ["Size", ["Medium", "Small", "Large"]],
    ["State", ["Rest", "Focused", "Disabled"]],
  ],
  props(p) {
    return { value: p.add("Value", "TEXT", "Choose an option") };
  },
  draw({ Size, State }, refs) {
    const size = CONTROL[Size];
    const disabled = State === "Disabled";
    return frame(
      "Select",
      {
        layout: "HORIZONTAL",
        w: 256,
        h: `control/${size}/size`,
        padding: [`control/${size}/paddingBlock`, `control/${size}/paddingInline/normal`],
        gap: `control/${size}/gap`,
        align: "SPACE_BETWEEN",
        counter: "CENTER",
        radius: "borderRadius/medium",
        fill: disabled ? "control/bgColor/disabled" : "control/bgColor/rest",
        stroke: {
          Rest: "control/borderColor/rest",
          Focused: "focus/outlineColor",
          Disabled: "control/borderColor/disabled",
        }[State],
        strokeWeight: State === "Focused" ? "borderWidth/thick" : "borderWidth/default",
      },
      [
        text(
          "Value",
          "Choose an option",
          Size === "Small" ? "Body/Small" : "Body/Medium",
          disabled ? "control/fgColor/disabled" : "fgColor/default",
          { refs: { characters: refs.value } },
        ),
        instance("Chevron", icon("triangle-down"), {
          iconFill: disabled ? "control/fgColor/disabled" : "fgColor/muted",
        }),
      ],
    );
  },
});

function checkable(name, { circle }) {
  return ({ State, Disabled }, refs) => {
    const checked = State !== "Unchecked";
    const disabled = Disabled === "True";
    const boxFill = checked
      ? disabled
        ? "control/checked/bgColor/disabled"
        : "control/checked/bgColor/rest"
      : disabled
        ? "control/bgColor/disabled"
        : "control/bgColor/rest";
    const boxStroke = checked
      ? disabled
        ? "control/checked/borderColor/disabled"
        : "control/checked/borderColor/rest"
      : disabled
        ? "control/borderColor/disabled"
        : "control/borderColor/emphasis";
    const mark = circle
      ? frame("Dot", {
          w: "base/size/6",
          h: "base/size/6",
          radius: "borderRadius/full",
          fill: disabled ? "control/checked/fgColor/disabled" : "control/checked/fgColor/rest",
          visible: checked,
        })
      : State === "Indeterminate"
        ? rect("Dash", "base/size/8", "base/size/2", {
            fill: disabled ? "control/checked/fgColor/disabled" : "control/checked/fgColor/rest",
          })
        : instance("Check", icon("check"), {
            iconFill: disabled ? "control/checked/fgColor/disabled" : "control/checked/fgColor/rest",
            visible: checked,
          });
    return frame(name, { layout: "HORIZONTAL", gap: "control/small/gap", counter: "CENTER" }, [
      frame(
        circle ? "Circle" : "Box",
        {
          layout: "HORIZONTAL",
          w: "base/size/16",
          h: "base/size/16",
          align: "CENTER",
          counter: "CENTER",
          radius: circle ? "borderRadius/full" : "borderRadius/small",
          fill: boxFill,
          stroke: boxStroke,
        },
        [mark],
      ),
      text("Label", "Label", "Body/Medium", disabled ? "fgColor/disabled" : "fgColor/default", {
        refs: { characters: refs.label, visible: refs.showLabel },
      }),
    ]);
  };
}

defineSet({
  name: "Checkbox",
  description:
    "Checkbox: toggles one option on or off in a form (Primer Checkbox), unchecked, checked or indeterminate, with its label.",
  axes: [
    ["State", ["Unchecked", "Checked", "Indeterminate"]],
    ["Disabled", ["False", "True"]],
  ],
  props(p) {
    return { label: p.add("Label", "TEXT", "Label"), showLabel: p.add("Show label", "BOOLEAN", true) };
  },
  draw: checkable("Checkbox", { circle: false }),
});

defineSet({
  name: "IconButton",
  description:
    "Icon button: an action shown as an Octicon alone, square, with the same variants and sizes as Button (Primer IconButton). Its accessible label is the icon's meaning.",
  axes: [
    ["Variant", ["Secondary", "Primary", "Invisible", "Danger"]],
    ["Size", ["Medium", "Small", "Large"]],
    ["State", ["Rest", "Disabled"]],
  ],
  props(p) {
    return {
      icon: p.add("Icon", "INSTANCE_SWAP", icon("kebab-horizontal"), {
        preferredValues: swapPreferred(ACTION_ICONS),
      }),
    };
  },
  draw({ Variant, Size, State }, refs) {
    const token = BUTTON_TOKEN[Variant];
    const size = CONTROL[Size];
    const disabled = State === "Disabled";
    const fg = `button/${token}/fgColor/${disabled ? "disabled" : "rest"}`;
    return frame(
      "IconButton",
      {
        layout: "HORIZONTAL",
        w: `control/${size}/size`,
        h: `control/${size}/size`,
        align: "CENTER",
        counter: "CENTER",
        ...buttonSurface(token, disabled),
      },
      [
        instance("Icon", icon("kebab-horizontal"), {
          iconFill: vFirst(`button/${token}/iconColor/${disabled ? "disabled" : "rest"}`, fg).name,
          refs: { mainComponent: refs.icon },
        }),
      ],
    );
  },
});

defineSet({
  name: "Textarea",
  description:
    "Textarea: a multi-line text field (Primer Textarea). Three lines tall at rest; the width follows the form (the drawn 320 px is the layout's, not a token).",
  axes: [["State", ["Rest", "Focused", "Disabled", "Error"]]],
  props(p) {
    return { text: p.add("Placeholder", "TEXT", "Write a comment") };
  },
  draw({ State }, refs) {
    const body = textStyle("Body/Medium").style;
    const border = {
      Rest: "control/borderColor/rest",
      Focused: "focus/outlineColor",
      Disabled: "control/borderColor/disabled",
      Error: "control/borderColor/danger",
    }[State];
    return frame(
      "Textarea",
      {
        layout: "VERTICAL",
        w: 320,
        h: round(2 * num("control/medium/paddingBlock") + 3 * body.lineHeightPx),
        padding: ["control/medium/paddingBlock", "control/medium/paddingInline/normal"],
        radius: "borderRadius/medium",
        fill: State === "Disabled" ? "control/bgColor/disabled" : "control/bgColor/rest",
        stroke: border,
        strokeWeight: State === "Focused" ? "borderWidth/thick" : "borderWidth/default",
      },
      [
        text(
          "Placeholder",
          "Write a comment",
          "Body/Medium",
          State === "Disabled" ? "control/fgColor/disabled" : "control/fgColor/placeholder",
          { refs: { characters: refs.text } },
        ),
      ],
    );
  },
});

defineSet({
  name: "Radio",
  description:
    "Radio: picks exactly one option of a group in a form (Primer Radio), selected or not, with its label.",
  axes: [
    ["State", ["Unchecked", "Checked"]],
    ["Disabled", ["False", "True"]],
  ],
  props(p) {
    return { label: p.add("Label", "TEXT", "Label"), showLabel: p.add("Show label", "BOOLEAN", true) };
  },
  draw: checkable("Radio", { circle: true }),
});

defineSet({
  name: "ToggleSwitch",
  description:
    "Toggle switch: turns a setting on or off immediately (Primer ToggleSwitch), with its On/Off status text.",
  axes: [
    ["Checked", ["False", "True"]],
    ["Size", ["Medium", "Small"]],
    ["Disabled", ["False", "True"]],
  ],
  props(p) {
    return { status: p.add("Show status", "BOOLEAN", true) };
  },
  draw({ Checked, Size, Disabled }, refs) {
    const on = Checked === "True";
    const disabled = Disabled === "True";
    const height = `control/${CONTROL[Size]}/size`;
    const width = 2 * num(height);
    const knob = frame("Knob", {
      w: height,
      h: height,
      radius: "borderRadius/medium",
      fill: disabled
        ? "controlKnob/bgColor/disabled"
        : on
          ? "controlKnob/bgColor/checked"
          : "controlKnob/bgColor/rest",
      stroke: disabled
        ? "controlKnob/borderColor/disabled"
        : on
          ? "controlKnob/borderColor/checked"
          : "controlKnob/borderColor/rest",
      x: on ? width - num(height) : 0,
      y: 0,
    });
    const track = frame(
      "Track",
      {
        w: width,
        h: height,
        radius: "borderRadius/medium",
        fill: disabled
          ? "controlTrack/bgColor/disabled"
          : on
            ? "control/checked/bgColor/rest"
            : "controlTrack/bgColor/rest",
        stroke: disabled
          ? "controlTrack/borderColor/disabled"
          : on
            ? "control/checked/borderColor/rest"
            : "controlTrack/borderColor/rest",
      },
      [knob],
    );
    return frame(
      "ToggleSwitch",
      { layout: "HORIZONTAL", gap: `control/${CONTROL[Size]}/gap`, counter: "CENTER" },
      [
        text(
          "Status",
          on ? "On" : "Off",
          Size === "Small" ? "Body/Small" : "Body/Medium",
          disabled ? "fgColor/disabled" : "fgColor/default",
          { refs: { visible: refs.status } },
        ),
        track,
      ],
    );
  },
});

defineSet({
  name: "SegmentedControl",
  description:
    "Segmented control: switches between a few views or modes of the same content (Primer SegmentedControl); one segment is selected.",
  axes: [
    ["Selected", ["1", "2", "3"]],
    ["Size", ["Medium", "Small"]],
  ],
  props(p) {
    return {
      labels: [1, 2, 3].map((i) => p.add(`Segment ${i}`, "TEXT", ["Preview", "Code", "Blame"][i - 1])),
    };
  },
  draw({ Selected, Size }, refs) {
    const size = CONTROL[Size];
    const segments = [1, 2, 3].map((i) => {
      const selected = String(i) === Selected;
      return frame(
        `Segment ${i}`,
        {
          layout: "HORIZONTAL",
          h: `control/${size}/size`,
          padding: [0, `control/${size}/paddingInline/normal`],
          counter: "CENTER",
          radius: "borderRadius/medium",
          fill: selected ? "controlKnob/bgColor/rest" : "control/transparent/bgColor/rest",
          stroke: selected ? "controlKnob/borderColor/rest" : undefined,
        },
        [
          text(
            "Label",
            ["Preview", "Code", "Blame"][i - 1],
            Size === "Small" ? "Body/Small" : "Body/Medium",
            "fgColor/default",
            { refs: { characters: refs.labels[i - 1] } },
          ),
        ],
      );
    });
    return frame(
      "SegmentedControl",
      {
        layout: "HORIZONTAL",
        radius: "borderRadius/medium",
        fill: "controlTrack/bgColor/rest",
        stroke: "controlTrack/borderColor/rest",
      },
      segments,
    );
  },
});

const LABEL_VARIANTS = {
  Default: ["borderColor/default", "fgColor/muted"],
  Primary: ["borderColor/emphasis", "fgColor/default"],
  Secondary: ["borderColor/muted", "fgColor/muted"],
  Accent: ["borderColor/accent-emphasis", "fgColor/accent"],
  Success: ["borderColor/success-emphasis", "fgColor/success"],
  Attention: ["borderColor/attention-emphasis", "fgColor/attention"],
  Severe: ["borderColor/severe-emphasis", "fgColor/severe"],
  Danger: ["borderColor/danger-emphasis", "fgColor/danger"],
  Done: ["borderColor/done-emphasis", "fgColor/done"],
  Sponsors: ["borderColor/sponsors-emphasis", "fgColor/sponsors"],
};

defineSet({
  name: "Label",
  description: "Label: a small outlined tag naming a status or category (Primer Label); not a form label.",
  axes: [
    ["Variant", Object.keys(LABEL_VARIANTS)],
    ["Size", ["Small", "Large"]],
  ],
  props(p) {
    return { text: p.add("Text", "TEXT", "Label") };
  },
  draw({ Variant, Size }, refs) {
    const [border, fg] = LABEL_VARIANTS[Variant];
    return frame(
      "Label",
      {
        layout: "HORIZONTAL",
        h: Size === "Small" ? "base/size/20" : "base/size/24",
        padding: [0, "base/size/8"],
        counter: "CENTER",
        radius: "borderRadius/full",
        fill: "bgColor/transparent",
        stroke: border,
      },
      [text("Text", "Label", "Caption", fg, { refs: { characters: refs.text } })],
    );
  },
});

defineSet({
  name: "CounterLabel",
  description: "Counter label: a count shown next to a tab, button or heading (Primer CounterLabel).",
  axes: [["Scheme", ["Secondary", "Primary"]]],
  props(p) {
    return { count: p.add("Count", "TEXT", "12") };
  },
  draw({ Scheme }, refs) {
    const primary = Scheme === "Primary";
    return frame(
      "CounterLabel",
      {
        layout: "HORIZONTAL",
        h: "base/size/20",
        minW: "base/size/20",
        padding: [0, "base/size/6"],
        align: "CENTER",
        counter: "CENTER",
        radius: "borderRadius/full",
        fill: primary ? "counter/bgColor/emphasis" : "counter/bgColor/muted",
        stroke: "counter/borderColor",
      },
      [
        text("Count", "12", "Caption", primary ? "fgColor/onEmphasis" : "fgColor/default", {
          refs: { characters: refs.count },
        }),
      ],
    );
  },
});

defineSet({
  name: "Avatar",
  description:
    "Avatar: a user's or organization's picture (Primer Avatar); circle for people, square for organizations and bots.",
  axes: [
    ["Size", ["32", "16", "20", "24", "40", "48", "64"]],
    ["Shape", ["Circle", "Square"]],
  ],
  draw({ Size, Shape }) {
    const side = `base/size/${Size}`;
    return frame(
      "Avatar",
      {
        layout: "HORIZONTAL",
        w: side,
        h: side,
        align: "CENTER",
        counter: "CENTER",
        radius: Shape === "Circle" ? "borderRadius/full" : "borderRadius/medium",
        fill: "avatar/bgColor",
        stroke: "avatar/borderColor",
      },
      [instance("Placeholder", icon("person", Number(Size) >= 24 ? 24 : 16), { iconFill: "fgColor/muted" })],
    );
  },
});

defineSet({
  name: "Link",
  description:
    "Link: inline text that navigates to another page (Primer Link); muted links are for secondary navigation.",
  axes: [
    ["Variant", ["Default", "Muted"]],
    ["Underline", ["False", "True"]],
  ],
  props(p) {
    return { text: p.add("Text", "TEXT", "Link") };
  },
  draw({ Variant, Underline }, refs) {
    return frame("Link", { layout: "HORIZONTAL" }, [
      text("Text", "Link", "Body/Medium", Variant === "Muted" ? "fgColor/muted" : "fgColor/link", {
        refs: { characters: refs.text },
        underline: Underline === "True",
      }),
    ]);
  },
});

const BANNER = {
  Info: ["accent", "info"],
  Success: ["success", "check-circle"],
  Warning: ["attention", "alert"],
  Critical: ["danger", "stop"],
  Upsell: ["upsell", "rocket"],
};

defineSet({
  name: "Banner",
  description:
    "Banner (flash): a message about the page or the user's task (Primer Banner): info, success, warning, critical or upsell, with a title, a description and an optional dismiss button. Width follows the page; the drawn 480 px is the layout's.",
  axes: [["Variant", Object.keys(BANNER)]],
  props(p) {
    return {
      title: p.add("Title", "TEXT", "Banner title"),
      description: p.add("Description", "TEXT", "A short message about what happened and what to do next."),
      dismiss: p.add("Dismissible", "BOOLEAN", true),
    };
  },
  draw({ Variant }, refs) {
    const [scheme, glyph] = BANNER[Variant];
    return frame(
      "Banner",
      {
        layout: "HORIZONTAL",
        w: 480,
        padding: ["stack/padding/condensed", "stack/padding/normal"],
        gap: "stack/gap/condensed",
        radius: "borderRadius/medium",
        fill: `bgColor/${scheme}-muted`,
        stroke: `borderColor/${scheme}-muted`,
      },
      [
        instance("Icon", icon(glyph), { iconFill: `fgColor/${scheme}` }),
        frame("Content", { layout: "VERTICAL", gap: "base/size/4", fillW: true }, [
          text("Title", "Banner title", "Title/Small", "fgColor/default", {
            refs: { characters: refs.title },
          }),
          text(
            "Description",
            "A short message about what happened and what to do next.",
            "Body/Medium",
            "fgColor/default",
            { refs: { characters: refs.description } },
          ),
        ]),
        instance("Dismiss", icon("x"), { iconFill: "fgColor/muted", refs: { visible: refs.dismiss } }),
      ],
    );
  },
});

defineSet({
  name: "Box",
  description:
    "Box (card): a bordered container grouping related content, with a title and body text (Primer Box / card). Width follows the layout; the drawn 320 px is the layout's.",
  axes: [
    ["Padding", ["Normal", "Condensed", "Spacious"]],
    ["Background", ["Default", "Muted"]],
  ],
  props(p) {
    return {
      title: p.add("Title", "TEXT", "Card title"),
      body: p.add("Body", "TEXT", "Supporting text about this card's content."),
      showTitle: p.add("Show title", "BOOLEAN", true),
    };
  },
  draw({ Padding, Background }, refs) {
    const pad = `stack/padding/${Padding.toLowerCase()}`;
    return frame(
      "Box",
      {
        layout: "VERTICAL",
        w: 320,
        padding: [pad, pad],
        gap: `stack/gap/${Padding === "Spacious" ? "normal" : "condensed"}`,
        radius: "borderRadius/medium",
        fill: Background === "Muted" ? "bgColor/muted" : "card/bgColor",
        stroke: "borderColor/default",
      },
      [
        text("Title", "Card title", "Title/Small", "fgColor/default", {
          refs: { characters: refs.title, visible: refs.showTitle },
        }),
        text("Body", "Supporting text about this card's content.", "Body/Medium", "fgColor/muted", {
          refs: { characters: refs.body },
        }),
      ],
    );
  },
});

const TABS = ["Code", "Issues", "Pull requests", "Actions"];
defineSet({
  name: "UnderlineNav",
  description:
    "Underline nav (tabs): the horizontal navigation between a page's top-level views, the current one underlined (Primer UnderlineNav).",
  axes: [["Selected", ["1", "2", "3", "4"]]],
  props(p) {
    return { labels: TABS.map((t, i) => p.add(`Tab ${i + 1}`, "TEXT", t)) };
  },
  draw({ Selected }, refs) {
    const items = TABS.map((t, i) => {
      const selected = String(i + 1) === Selected;
      return frame(`Tab ${i + 1}`, { layout: "VERTICAL", gap: "base/size/6", counter: "CENTER" }, [
        frame(
          "Item",
          {
            layout: "HORIZONTAL",
            h: "control/medium/size",
            padding: [0, "control/medium/paddingInline/condensed"],
            counter: "CENTER",
            radius: "borderRadius/medium",
          },
          [
            text("Label", t, selected ? "Title/Small" : "Body/Medium", "fgColor/default", {
              refs: { characters: refs.labels[i] },
            }),
          ],
        ),
        rect("Underline", 0, "borderWidth/thick", {
          fill: "underlineNav/borderColor/active",
          visible: selected,
          fillW: true,
        }),
      ]);
    });
    return frame(
      "UnderlineNav",
      {
        layout: "HORIZONTAL",
        gap: "base/size/8",
        padding: [0, "base/size/16", 0, "base/size/16"],
        counter: "MAX",
        stroke: "borderColor/muted",
        strokeSides: ["bottom"],
      },
      items,
    );
  },
});

const CRUMBS = ["Home", "Projects", "Primer", "Settings"];
defineSet({
  name: "Breadcrumbs",
  description:
    "Breadcrumbs: the path from the site's root to the current page, each level a link (Primer Breadcrumbs).",
  axes: [["Items", ["3", "2", "4"]]],
  props(p) {
    return { labels: CRUMBS.map((c, i) => p.add(`Item ${i + 1}`, "TEXT", c)) };
  },
  draw({ Items }, refs) {
    const n = Number(Items);
    const children = [];
    for (let i = 0; i < n; i++) {
      const last = i === n - 1;
      if (i > 0) children.push(text(`Separator ${i}`, "/", "Body/Medium", "fgColor/muted"));
      children.push(
        text(
          `Item ${i + 1}`,
          CRUMBS[i],
          last ? "Title/Small" : "Body/Medium",
          last ? "fgColor/default" : "fgColor/link",
          { refs: { characters: refs.labels[i] } },
        ),
      );
    }
    return frame("Breadcrumbs", { layout: "HORIZONTAL", gap: "base/size/8", counter: "CENTER" }, children);
  },
});

defineSet({
  name: "Pagination",
  description:
    "Pagination: moves between the pages of a long list, previous/next and page numbers, the current one highlighted (Primer Pagination).",
  axes: [["Current page", ["1", "2", "3"]]],
  draw(values) {
    const current = values["Current page"];
    const page = (label, selected, glyph, trailing) =>
      frame(
        label,
        {
          layout: "HORIZONTAL",
          h: "control/medium/size",
          minW: "control/medium/size",
          padding: [0, "control/medium/paddingInline/condensed"],
          gap: "base/size/4",
          align: "CENTER",
          counter: "CENTER",
          radius: "borderRadius/medium",
          fill: selected ? "bgColor/accent-emphasis" : "bgColor/transparent",
        },
        [
          ...(glyph && !trailing ? [instance("Icon", icon(glyph), { iconFill: "fgColor/link" })] : []),
          text(
            "Label",
            label,
            "Body/Medium",
            selected ? "fgColor/onEmphasis" : glyph ? "fgColor/link" : "fgColor/default",
          ),
          ...(glyph && trailing ? [instance("Icon", icon(glyph), { iconFill: "fgColor/link" })] : []),
        ],
      );
    return frame("Pagination", { layout: "HORIZONTAL", gap: "base/size/4", counter: "CENTER" }, [
      page("Previous", false, "chevron-left", false),
      ...["1", "2", "3"].map((n) => page(n, n === current)),
      page("Next", false, "chevron-right", true),
    ]);
  },
});

defineSet({
  name: "PageHeader",
  description:
    "Page header: the title area at the top of a page, with an optional description and actions (Primer PageHeader). Width follows the page; the drawn 720 px is the layout's.",
  axes: [["Size", ["Medium", "Large"]]],
  props(p) {
    return {
      title: p.add("Title", "TEXT", "Page title"),
      description: p.add("Description", "TEXT", "What this page is for, in one sentence."),
      showDescription: p.add("Show description", "BOOLEAN", true),
      actions: p.add("Show actions", "BOOLEAN", true),
    };
  },
  draw({ Size }, refs) {
    return frame(
      "PageHeader",
      {
        layout: "VERTICAL",
        w: 720,
        gap: "stack/gap/condensed",
        padding: ["stack/padding/normal", 0],
        fill: "page/header/bgColor",
      },
      [
        frame(
          "Title bar",
          {
            layout: "HORIZONTAL",
            gap: "stack/gap/condensed",
            align: "SPACE_BETWEEN",
            counter: "CENTER",
            fillW: true,
          },
          [
            text(
              "Title",
              "Page title",
              Size === "Large" ? "Title/Large" : "Title/Medium",
              "fgColor/default",
              { refs: { characters: refs.title } },
            ),
            frame(
              "Actions",
              {
                layout: "HORIZONTAL",
                gap: "base/size/8",
                counter: "CENTER",
                refs: { visible: refs.actions },
              },
              [
                variantInstance("Secondary action", "Button", { Label: "Edit" }),
                variantInstance("Primary action", "Button", { Variant: "Primary", Label: "New" }),
              ],
            ),
          ],
        ),
        text("Description", "What this page is for, in one sentence.", "Body/Medium", "fgColor/muted", {
          refs: { characters: refs.description, visible: refs.showDescription },
        }),
      ],
    );
  },
});

const NAV_ITEMS = [
  ["Overview", "home"],
  ["Repositories", "repo"],
  ["Projects", "project"],
  ["Settings", "gear"],
];
defineSet({
  name: "NavList",
  description:
    "Nav list: vertical side navigation between the sections of a page or settings area, the current item highlighted (Primer NavList). Width follows the sidebar; the drawn 256 px is the layout's.",
  axes: [["Selected", ["1", "2", "3", "4"]]],
  props(p) {
    return { labels: NAV_ITEMS.map(([label], i) => p.add(`Item ${i + 1}`, "TEXT", label)) };
  },
  draw({ Selected }, refs) {
    const items = NAV_ITEMS.map(([label, glyph], i) => {
      const selected = String(i + 1) === Selected;
      return frame(
        `Item ${i + 1}`,
        {
          layout: "HORIZONTAL",
          h: "control/medium/size",
          padding: [0, "control/medium/paddingInline/condensed"],
          gap: "control/medium/gap",
          counter: "CENTER",
          radius: "borderRadius/medium",
          fill: selected ? "sideNav/bgColor/selected" : "control/transparent/bgColor/rest",
          fillW: true,
        },
        [
          instance("Leading visual", icon(glyph), { iconFill: "fgColor/muted" }),
          text("Label", label, selected ? "Title/Small" : "Body/Medium", "fgColor/default", {
            refs: { characters: refs.labels[i] },
          }),
        ],
      );
    });
    return frame(
      "NavList",
      { layout: "VERTICAL", w: 256, gap: "base/size/2", padding: ["base/size/8", "base/size/8"] },
      items,
    );
  },
});

defineSet({
  name: "ActionList item",
  description:
    "Action list item: one row of an ActionList or ActionMenu, an action or a choice with an optional leading Octicon and description (Primer ActionList.Item). Width follows the list; the drawn 256 px is the layout's.",
  axes: [
    ["Variant", ["Default", "Danger"]],
    ["Selected", ["False", "True"]],
    ["Disabled", ["False", "True"]],
  ],
  props(p) {
    return {
      label: p.add("Label", "TEXT", "Item"),
      leading: p.add("Leading visual", "BOOLEAN", true),
      leadingIcon: p.add("Leading icon", "INSTANCE_SWAP", icon("pencil"), {
        preferredValues: swapPreferred(ACTION_ICONS),
      }),
      description: p.add("Description", "TEXT", "Description"),
      showDescription: p.add("Show description", "BOOLEAN", false),
    };
  },
  draw({ Variant, Selected, Disabled }, refs) {
    const danger = Variant === "Danger";
    const disabled = Disabled === "True";
    const fg = disabled ? "fgColor/disabled" : danger ? "fgColor/danger" : "fgColor/default";
    return frame(
      "ActionList item",
      {
        layout: "HORIZONTAL",
        w: 256,
        padding: ["control/medium/paddingBlock", "control/medium/paddingInline/condensed"],
        gap: "control/medium/gap",
        counter: "CENTER",
        radius: "borderRadius/medium",
        fill:
          Selected === "True" ? "control/transparent/bgColor/selected" : "control/transparent/bgColor/rest",
      },
      [
        instance("Leading visual", icon("pencil"), {
          iconFill: disabled ? "fgColor/disabled" : danger ? "fgColor/danger" : "fgColor/muted",
          refs: { mainComponent: refs.leadingIcon, visible: refs.leading },
        }),
        frame("Content", { layout: "VERTICAL", fillW: true }, [
          text("Label", "Item", "Body/Medium", fg, { refs: { characters: refs.label } }),
          text("Description", "Description", "Body/Small", disabled ? "fgColor/disabled" : "fgColor/muted", {
            visible: false,
            refs: { characters: refs.description, visible: refs.showDescription },
          }),
        ]),
        instance("Check", icon("check"), { iconFill: fg, visible: Selected === "True" }),
      ],
    );
  },
});

const MENU_ITEMS = ["Edit", "Duplicate", "Archive"];
defineSet({
  name: "ActionMenu",
  description:
    "Action menu: a button that opens an overlay listing actions or choices (Primer ActionMenu with its ActionList).",
  axes: [["Open", ["False", "True"]]],
  props(p) {
    return { button: p.add("Button label", "TEXT", "Options") };
  },
  draw({ Open }) {
    const menu = frame(
      "Overlay",
      {
        layout: "VERTICAL",
        w: "overlay/width/small",
        padding: ["base/size/8", "base/size/8"],
        gap: "base/size/2",
        radius: "overlay/borderRadius",
        fill: "overlay/bgColor",
        stroke: "overlay/borderColor",
      },
      [
        ...MENU_ITEMS.map((label, i) =>
          variantInstance(
            `Item ${i + 1}`,
            "ActionList item",
            { Label: label, "Leading visual": false },
            { fillW: true },
          ),
        ),
        variantInstance(
          "Item 4",
          "ActionList item",
          { Variant: "Danger", Label: "Delete", "Leading visual": false },
          { fillW: true },
        ),
      ],
    );
    return frame("ActionMenu", { layout: "VERTICAL", gap: "overlay/offset" }, [
      variantInstance("Anchor", "Button", { Label: "Options", "Trailing visual": true }),
      ...(Open === "True" ? [menu] : []),
    ]);
  },
});

defineSet({
  name: "Dialog",
  description:
    "Dialog: a modal overlay asking the user to confirm or complete a focused task, with a title, body and footer buttons (Primer Dialog).",
  axes: [["Size", ["Medium", "Small", "Large"]]],
  props(p) {
    return {
      title: p.add("Title", "TEXT", "Dialog title"),
      body: p.add("Body", "TEXT", "Explain what will happen and what the user decides here."),
      footer: p.add("Show footer", "BOOLEAN", true),
    };
  },
  draw({ Size }, refs) {
    return frame(
      "Dialog",
      {
        layout: "VERTICAL",
        w: `overlay/width/${Size.toLowerCase()}`,
        radius: "overlay/borderRadius",
        fill: "overlay/bgColor",
        stroke: "overlay/borderColor",
      },
      [
        frame(
          "Header",
          {
            layout: "HORIZONTAL",
            padding: ["overlay/paddingBlock/normal", "overlay/padding/normal"],
            gap: "base/size/8",
            align: "SPACE_BETWEEN",
            counter: "CENTER",
            fillW: true,
          },
          [
            text("Title", "Dialog title", "Title/Small", "fgColor/default", {
              refs: { characters: refs.title },
            }),
            variantInstance("Close", "IconButton", { Variant: "Invisible", Size: "Small" }),
          ],
        ),
        frame(
          "Body",
          {
            layout: "VERTICAL",
            padding: [0, "overlay/padding/normal", "overlay/padding/normal", "overlay/padding/normal"],
            fillW: true,
          },
          [
            text(
              "Body",
              "Explain what will happen and what the user decides here.",
              "Body/Medium",
              "fgColor/default",
              { refs: { characters: refs.body } },
            ),
          ],
        ),
        frame(
          "Footer",
          {
            layout: "HORIZONTAL",
            padding: ["overlay/padding/normal", "overlay/padding/normal"],
            gap: "base/size/8",
            align: "MAX",
            fillW: true,
            stroke: "borderColor/muted",
            strokeSides: ["top"],
            refs: { visible: refs.footer },
          },
          [
            variantInstance("Cancel", "Button", { Label: "Cancel" }),
            variantInstance("Confirm", "Button", { Variant: "Primary", Label: "Confirm" }),
          ],
        ),
      ],
    );
  },
});

defineSet({
  name: "Spinner",
  description:
    "Spinner: shows that content is loading for an unknown time (Primer Spinner): a muted ring with an accent arc.",
  axes: [["Size", ["Medium", "Small", "Large"]]],
  draw({ Size }) {
    const side = `spinner/size/${Size.toLowerCase()}`;
    return frame("Spinner", { w: side, h: side }, [
      vector("Track", side, side, {
        stroke: "borderColor/default",
        strokeWeight: "borderWidth/thick",
        x: 0,
        y: 0,
      }),
      vector("Arc", side, side, { stroke: "fgColor/accent", strokeWeight: "borderWidth/thick", x: 0, y: 0 }),
    ]);
  },
});

const PROGRESS = { Small: "base/size/4", Medium: "base/size/8", Large: "base/size/12" };
defineSet({
  name: "ProgressBar",
  description:
    "Progress bar: how much of a task is done (Primer ProgressBar); the filled part's width is the progress. Width follows the layout; the drawn 256 px is the layout's.",
  axes: [
    ["Size", ["Medium", "Small", "Large"]],
    ["Color", ["Accent", "Success", "Attention", "Danger", "Done"]],
  ],
  draw({ Size, Color }) {
    return frame(
      "ProgressBar",
      {
        layout: "HORIZONTAL",
        w: 256,
        h: PROGRESS[Size],
        radius: "borderRadius/full",
        fill: "progressBar/track/bgColor",
      },
      [
        rect("Progress", 128, PROGRESS[Size], {
          fill: `progressBar/bgColor/${Color.toLowerCase()}`,
          radius: "borderRadius/full",
        }),
      ],
    );
  },
});

export function buildSets(page, top) {
  const nodes = [];
  let y = top;
  SETS.forEach((spec, si) => {
    const block = 10 + si;
    const setId = `${block}:0`;
    SETS_BY_ID.set(setId, spec.name);
    const ids = new Ids(block);
    ids.next(); // the set's own id
    const props = new Props(block);
    const refs = spec.props ? spec.props(props) : {};
    const combos = spec.axes.reduce(
      (acc, [axis, values]) => acc.flatMap((c) => values.map((value) => ({ ...c, [axis]: value }))),
      [{}],
    );
    const variants = [];
    let x = 16;
    let rowY = y + 16;
    let rowHeight = 0;
    let rowKey = null;
    let right = 0;
    for (const combo of combos) {
      const proto = spec.draw(combo, refs);
      measure(proto);
      const key = spec.axes.length > 1 ? combo[spec.axes[0][0]] : null;
      if (rowKey !== null && key !== rowKey) {
        x = 16;
        rowY += rowHeight + 16;
        rowHeight = 0;
      }
      rowKey = key;
      place(proto, x, rowY, proto.size[0], proto.size[1]);
      x += proto.size[0] + 16;
      right = Math.max(right, x);
      rowHeight = Math.max(rowHeight, proto.size[1]);
      proto.name = spec.axes.map(([axis]) => `${axis}=${combo[axis]}`).join(", ");
      const recorder = new Recorder(ids);
      const node = emit(proto, recorder, "COMPONENT");
      register(node, {
        description: spec.description,
        page,
        setId,
        redraw: () => spec.draw(combo, refs),
        sequence: recorder.seen,
      });
      VARIANTS.set(`${spec.name}|${node.name}`, node.id);
      variants.push(node);
    }
    const bottom = rowY + rowHeight + 16;
    const box = { height: round(bottom - y), width: round(right), x: 0, y: round(y) };
    const definitions = { ...props.defs };
    for (const [axis, values] of spec.axes)
      definitions[axis] = { defaultValue: values[0], type: "VARIANT", variantOptions: values };
    SET_DEFS.set(spec.name, definitions);
    const set = {
      absoluteBoundingBox: box,
      absoluteRenderBounds: box,
      blendMode: "PASS_THROUGH",
      children: variants,
      clipsContent: true,
      componentPropertyDefinitions: definitions,
      constraints: CONSTRAINTS,
      effects: [],
      fills: [],
      id: setId,
      name: spec.name,
      scrollBehavior: "SCROLLS",
      strokes: [],
      type: "COMPONENT_SET",
    };
    SET_INFO.set(setId, {
      description: spec.description,
      key: keyOf("component-set", spec.name),
      name: spec.name,
      page,
    });
    nodes.push(set);
    y = bottom + 80;
  });
  return nodes;
}
