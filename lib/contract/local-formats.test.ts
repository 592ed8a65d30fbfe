import { describe, expect, it } from "vitest";
import {
  isoDay,
  lastTenDigits,
  spellClassLevel,
  spellGender,
  spellMaritalStatus,
  spellRelationship,
  spellSpecialNeeds,
  spellStaffType,
  spellTitle,
  splitPhone,
  typedBeforeScript,
  withDateSeparators,
} from "./local-formats";

describe("lastTenDigits", () => {
  it.each([
    ["08034445566", "8034445566"],
    ["+2348034445566", "8034445566"],
    ["2348034445566", "8034445566"],
    ["+234 803 444 5566", "8034445566"],
    ["+234 (0)803 444 5566", "8034445566"],
    ["0803-444-5566", "8034445566"],
    ["0803.444.5566", "8034445566"],
    ["8034445566", "8034445566"],
  ])("takes %j as %j", (typed, digits) => {
    expect(lastTenDigits(typed)).toBe(digits);
  });
  it.each([["803444556"], ["080344455661"], ["+448034445566"], ["0803444556a"], [" phone "]])("leaves %j for the schema to refuse (trimmed)", (typed) => {
    expect(lastTenDigits(typed)).toBe(typed.trim());
  });
});

describe("splitPhone (the importer's phone cell)", () => {
  it.each([["0803 123 4567"], ["+234 803 123 4567"], ["+234 (0)803 123 4567"], ["2348031234567"], ["8031234567"]])(
    "reads %j as +234 and ten digits",
    (cell) => {
      expect(splitPhone(cell)).toEqual({ code: "+234", number: "8031234567" });
    },
  );
  it("keeps another country's code", () => {
    expect(splitPhone("+44 7700 900123")).toEqual({ code: "+44", number: "7700900123" });
  });
  it("passes anything else on as typed", () => {
    expect(splitPhone("12345")).toEqual({ code: "+234", number: "12345" });
  });
});

describe("isoDay", () => {
  it.each([
    ["14/05/1972", "1972-05-14"],
    ["14-05-1972", "1972-05-14"],
    ["14.05.1972", "1972-05-14"],
    ["4/5/1972", "1972-05-04"],
    [" 14/05/1972 ", "1972-05-14"],
    ["1972-05-14", "1972-05-14"],
  ])("reads %j as %j", (typed, day) => {
    expect(isoDay(typed)).toBe(day);
  });
  // An eight-digit run could be either order; mixed separators are a typing slip, not a date.
  it.each([["19851002"], ["14/05-1972"], ["14/05/72"], ["May 14, 1972"]])("leaves %j for the schema to refuse", (typed) => {
    expect(isoDay(typed)).toBe(typed);
  });
});

describe("withDateSeparators", () => {
  it("adds a slash after the day and the month as digits are typed", () => {
    let shown = "";
    for (const digit of "14051972") shown = withDateSeparators(shown, shown + digit);
    expect(shown).toBe("14/05/1972");
  });
  it("leaves typed separators, deletions and pastes alone", () => {
    expect(withDateSeparators("14", "14/")).toBe("14/");
    expect(withDateSeparators("14/0", "14/")).toBe("14/");
    expect(withDateSeparators("", "14051972")).toBe("14051972");
    expect(withDateSeparators("4/5", "4/5/")).toBe("4/5/");
  });
});

describe("typedBeforeScript", () => {
  it("reads digits typed before the page's script ran as typed one by one", () => {
    expect(typedBeforeScript("", "14051972")).toBe("14/05/1972");
    expect(typedBeforeScript("14/0", "14/051972")).toBe("14/05/1972");
    expect(typedBeforeScript("", "14/05/1972")).toBe("14/05/1972");
    expect(typedBeforeScript("14/05", "13")).toBe("13");
  });
});

describe("spellGender", () => {
  it.each([
    ["F", "Female"],
    ["f", "Female"],
    ["female", "Female"],
    ["FEMALE", "Female"],
    ["M", "Male"],
    ["m", "Male"],
    ["Male", "Male"],
    [" male ", "Male"],
  ])("reads %j as %j", (typed, gender) => {
    expect(spellGender(typed)).toBe(gender);
  });
  it("leaves anything else for the schema to refuse", () => {
    expect(spellGender("X")).toBe("X");
  });
});

describe("the other choices' abbreviations", () => {
  it.each([
    [spellTitle, "dr.", "Dr"],
    [spellTitle, "Doctor", "Dr"],
    [spellTitle, "Eng.", "Engr"],
    [spellTitle, "barrister", "Barr"],
    [spellTitle, "Alh", "Alhaji"],
    [spellTitle, "Honourable", "Hon"],
    [spellTitle, "mrs", "Mrs"],
    [spellMaritalStatus, "M", "Married"],
    [spellMaritalStatus, "s", "Single"],
    [spellMaritalStatus, "W", "Widowed"],
    [spellMaritalStatus, "D", "Divorced"],
    [spellMaritalStatus, "Sep.", "Separated"],
    [spellStaffType, "T", "Teaching"],
    [spellStaffType, "NT", "Non-Teaching"],
    [spellStaffType, "non teaching", "Non-Teaching"],
    [spellClassLevel, "JSS", "Junior Secondary"],
    [spellClassLevel, "SSS", "Senior Secondary"],
    [spellClassLevel, "Pry", "Primary"],
    [spellClassLevel, "nursery", "Pre-primary"],
    [spellClassLevel, "pre primary", "Pre-primary"],
    [spellRelationship, "Mum", "Mother"],
    [spellRelationship, "dad", "Father"],
    [spellRelationship, "Grandmother", "Grandparent"],
    [spellSpecialNeeds, "nil", "None"],
    [spellSpecialNeeds, "N/A", "None"],
  ])("%#: reads %j as %j", (spell, typed, choice) => {
    expect(spell(typed)).toBe(choice);
  });
  it("leaves an unknown word for the schema to refuse", () => {
    expect(spellTitle("Sir")).toBe("Sir");
    expect(spellMaritalStatus("X")).toBe("X");
    expect(spellClassLevel("Tertiary")).toBe("Tertiary");
  });
});
