// Unit tests of the status bar item: state and device in its text and tooltip.
import { test } from "node:test";
import * as assert from "node:assert/strict";
import { stub } from "./vscode-stub";
import { announcedDevice, StatusItem } from "../../src/status";

test("the item shows the state, and the device once reported", () => {
  const item = new StatusItem();
  const shown = stub.statusItems[stub.statusItems.length - 1];
  item.setState("starting");
  assert.equal(shown.text, "$(sync~spin) Runic");
  item.setState("running");
  item.setDevice("NVIDIA H100");
  assert.equal(shown.text, "$(check) Runic: NVIDIA H100");
  assert.match(shown.tooltip, /OpenCL device: NVIDIA H100/);
  item.setState("failed", "cannot find the runic server");
  assert.equal(shown.text, "$(error) Runic");
  assert.match(shown.tooltip, /cannot find the runic server/);
});

test("the device is read from the capabilities when announced", () => {
  assert.equal(announcedDevice({ experimental: { runicDevice: "pthread-Intel" } }), "pthread-Intel");
  assert.equal(announcedDevice({ experimental: { runicStages: [] } }), undefined);
  assert.equal(announcedDevice(undefined), undefined);
});
