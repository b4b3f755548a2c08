// Netclick enclosure: a tray for the Pico and a perfboard, and a lid with the OLED window and
// the buttons. All sizes in mm; change the variables to fit your parts.
//   openscad -o tray.stl -D 'part="tray"' enclosure.scad
//   openscad -o lid.stl  -D 'part="lid"'  enclosure.scad
// A display for each seat (hardware/README.md): the box lies flat between the players and the
// lid has a window at each long side, the second facing the player across. A module at the
// first's address lies turned round in its pocket (both pin headers toward the middle); one at
// 0x3D lies the same way round as the first and "rotation": 180 turns its picture:
//   openscad -o lid.stl  -D 'part="lid"' -D displays=2 enclosure.scad   (and the tray)
// A larger module: -D 'oled="1.3"' (the SH1106 modules) or -D 'oled="2.42"' (the SSD1309 ones);
// the box grows to hold it beside the buttons.

part = "both";          // "tray", "lid" or "both"
displays = 1;           // 1, or 2: a window for each seat
oled = "0.96";          // the modules: "0.96", "1.3" or "2.42" (inches of glass)

wall = 2;               // wall and floor thickness
corner = 4;             // outside corner radius

pico = [51, 21];        // Raspberry Pi Pico board
pico_standoff = 3;      // height of the Pico's standoffs
usb = [10, 5];          // micro-USB opening, width x height, centred on the Pico's short edge

// Each module's glass (its active area and a little: the window) and board (its pocket), from
// the common modules' drawings: 0.96" 21.7 x 10.9 mm active on 27.5 x 27.8; 1.3" 29.4 x 14.7 on
// 35.4 x 33.5; 2.42" 55.0 x 27.5 on 60.5 x 37.
oled_window = oled == "2.42" ? [57, 29] : oled == "1.3" ? [31, 16] : [26, 14];
oled_board = oled == "2.42" ? [60.5, 37] : oled == "1.3" ? [35.4, 33.5] : [27.5, 27.8];
oled_margin = 3;        // from the inside of the wall to a module's pocket (clears the lid's lip)

button_hole = 7.2;      // round holes for 6x6 mm buttons with 3.5 mm caps (use 12.5 for 12x12)
dpad_step = 12;         // OK to UP/DOWN/LEFT/RIGHT

// Centre of each OLED window on the lid, from the lid's left/bottom: in the left part, the
// D-pad to its right with room for the pocket; one window in the middle of the width, or one
// near each long side (the first seat's at the bottom edge, the second's at the top, which the
// player across reads upright).
oled_x = max(24, wall + oled_margin + oled_board[0] / 2);
dpad_x = max(70, oled_x + oled_board[0] / 2 + 3 + dpad_step + button_hole / 2);
// inside of the tray: length, width, height (wider with two displays: two modules side by side)
inner = [max(92, dpad_x + dpad_step + button_hole / 2 + 6 - wall),
         max(displays == 2 ? 72 : 58, displays * (oled_board[1] + 2) + 2 * oled_margin + 2), 18];
oled_edge = wall + oled_margin + oled_board[1] / 2;
oled_at = displays == 2
    ? [[oled_x, oled_edge], [oled_x, inner[1] + 2 * wall - oled_edge]]
    : [[oled_x, (inner[1] + 2 * wall) / 2]];

dpad_at = [dpad_x, (inner[1] + 2 * wall) / 2];   // centre of the D-pad (OK): between both seats
back_at = [dpad_x + 16, 10];                     // the optional BACK button
// (for the tests: each module's pocket, [x0, y0, x1, y1] on the lid)
echo(pockets = [for (at = oled_at) [at[0] - oled_board[0] / 2 - 1, at[1] - oled_board[1] / 2 - 1,
                                    at[0] + oled_board[0] / 2 + 1, at[1] + oled_board[1] / 2 + 1]]);

lip = 1.2;              // the lid's inner lip, for a push fit
tolerance = 0.3;

$fn = 48;

module rounded_box(size, r) {
    hull() {
        for (x = [r, size[0] - r], y = [r, size[1] - r])
            translate([x, y, 0]) cylinder(r = r, h = size[2]);
    }
}

module tray() {
    outside = [inner[0] + 2 * wall, inner[1] + 2 * wall, inner[2] + wall];
    difference() {
        rounded_box(outside, corner);
        translate([wall, wall, wall]) cube([inner[0], inner[1], inner[2] + 1]);
        // USB opening in the left wall, level with the Pico's connector
        translate([-1, wall + inner[1] / 2 - usb[0] / 2, wall + pico_standoff + 1.6])
            cube([wall + 2, usb[0], usb[1]]);
    }
    // standoffs for the Pico's 4 mounting holes (2.1 mm, 11.4 x 47 mm apart)
    for (x = [wall + 2 + 2, wall + 2 + 2 + 47], y = [0, 11.4])
        translate([x, wall + inner[1] / 2 - 5.7 + y, wall])
            difference() {
                cylinder(d = 5, h = pico_standoff);
                cylinder(d = 1.8, h = pico_standoff + 1);
            }
}

module lid() {
    outside = [inner[0] + 2 * wall, inner[1] + 2 * wall, wall];
    difference() {
        union() {
            rounded_box(outside, corner);
            // lip that fits inside the tray
            translate([wall + tolerance, wall + tolerance, wall])
                difference() {
                    cube([inner[0] - 2 * tolerance, inner[1] - 2 * tolerance, 3]);
                    translate([lip, lip, -1])
                        cube([inner[0] - 2 * tolerance - 2 * lip, inner[1] - 2 * tolerance - 2 * lip, 5]);
                }
        }
        // OLED windows
        for (at = oled_at)
            translate([at[0] - oled_window[0] / 2, at[1] - oled_window[1] / 2, -1])
                cube([oled_window[0], oled_window[1], wall + 5]);
        // D-pad: OK in the middle, UP/DOWN/LEFT/RIGHT around it
        for (d = [[0, 0], [0, 1], [0, -1], [-1, 0], [1, 0]])
            translate([dpad_at[0] + d[0] * dpad_step, dpad_at[1] + d[1] * dpad_step, -1])
                cylinder(d = button_hole, h = wall + 5);
        // BACK
        translate([back_at[0], back_at[1], -1]) cylinder(d = button_hole, h = wall + 5);
    }
    // a pocket that holds each OLED module's board under its window
    for (at = oled_at)
        translate([at[0] - oled_board[0] / 2 - 1, at[1] - oled_board[1] / 2 - 1, wall])
            difference() {
                cube([oled_board[0] + 2, oled_board[1] + 2, 2]);
                translate([1, 1, -1]) cube([oled_board[0], oled_board[1], 4]);
            }
}

if (part == "tray" || part == "both") tray();
if (part == "lid") lid();
if (part == "both") translate([0, inner[1] + 2 * wall + 10, 0]) lid();
