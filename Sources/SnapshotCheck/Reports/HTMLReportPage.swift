import Foundation
import GalleryCore

/// The HTML report's page: its style and its script, inline so the report needs no network and no
/// other file, and the frame (summary, failures first, then the passed frames collapsed).
enum HTMLReportPage {
    /// `accept` is the command that accepts frames, without them (`gallery-render accept REPORT
    /// --baseline DIR`), shown with the ticked frames' paths when any can be ticked. `thumbnails` names
    /// the passed frames' small copies, by frame path. `incomplete` says why a merge does not hold every
    /// frame (a shard missing): a banner under the title, and no "every frame matches".
    static func html(
        title: String, checks: [FrameCheck], sections: String, accept: String? = nil, orphans: [String] = [],
        thumbnails: [String: Thumbnail.Shown] = [:], incomplete: String? = nil
    ) -> String {
        let passed = checks.filter { !$0.failed }
        let failing = checks.count - passed.count
        let orphanList =
            orphans.isEmpty
            ? ""
            : "<details class=\"orphans\" open><summary>\(orphans.count) orphaned baseline\(orphans.count == 1 ? "" : "s") (no frame reads them; check --prune deletes them)</summary><pre>"
                + orphans.map { XMLText.escape($0.replacingOccurrences(of: "\n", with: " ")) }.joined(separator: "\n")
                + "</pre></details>\n"
        let panel =
            accept.map {
                "<div class=\"accept-panel\" data-command=\"\(XMLText.escape($0))\"><label><input type=\"checkbox\" id=\"accept-all\"> select all</label> <code id=\"accept-command\">tick the frames to accept</code> <button type=\"button\" id=\"accept-copy\" disabled>Copy</button></div>"
            } ?? ""
        let banner = incomplete.map {
            "<p class=\"incomplete\" role=\"alert\"><b>Incomplete:</b> \(XMLText.escape($0))</p>"
        }
        let body =
            failing > 0
            ? sections
            : incomplete == nil
                ? "<p class=\"ok\">Every frame matches its baseline.</p>\n"
                : "<p>Every frame merged matches its baseline.</p>\n"
        let keys =
            failing == 0
            ? ""
            : "<p class=\"keys\">Keys: <kbd>j</kbd>/<kbd>k</kbd> next/previous failure · <kbd>1</kbd>–<kbd>5</kbd> views · <kbd>t</kbd> toggle · <kbd>z</kbd> zoom\(checks.contains { !$0.animationFrames.isEmpty } ? " · <kbd>←</kbd>/<kbd>→</kbd> frame of an animation · <kbd>space</kbd> play" : "")</p>"
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="\(policy)">
            <title>\(XMLText.escape(title))</title>
            <style>\(style)</style></head><body>
            <header><h1>\(XMLText.escape(title))</h1>
            <p class="summary"><span class="pass">\(passed.count) passed</span>, <span class="fail">\(failing) failed</span> of \(checks.count) frame\(checks.count == 1 ? "" : "s")\(orphans.isEmpty ? "" : ", <span class=\"orphaned\">\(orphans.count) orphaned</span>")</p>
            \(banner ?? "")
            \(counts(checks, orphans: orphans.count))
            \(panel)
            \(keys)
            </header><main>
            \(body)\(orphanList)\(passedList(passed, thumbnails: thumbnails))</main>
            <script>\(script)</script></body></html>

            """
    }

    /// What changed, as a reviewer sorts it: changed (a baseline differs), new (no baseline yet),
    /// deleted (orphaned baselines), errors (unreadable, scene failed), expectations (frames whose
    /// pixels match but whose `expect` rules fail; shown when there are any) and passed.
    private static func counts(_ checks: [FrameCheck], orphans: Int) -> String {
        func count(_ statuses: [FrameCheck.Status]) -> Int {
            checks.filter { statuses.contains($0.status) && !$0.failsOnlyByExpectations }.count
        }
        let expectations = checks.filter(\.failsOnlyByExpectations).count
        let parts =
            [
                ("changed", count([.different])), ("new", count([.missingBaseline])), ("deleted", orphans),
                ("errors", count([.unreadable, .sceneFailed])),
            ] + (expectations > 0 ? [("expectations", expectations)] : []) + [("passed", count([.passed, .recorded]))]
        return "<p class=\"counts\">"
            + parts.map { "<span class=\"count \($0.0)\"><b>\($0.1)</b> \($0.0)</span>" }.joined(separator: " ")
            + "</p>"
    }

    /// The passed frames, collapsed: a lazily loaded thumbnail each where one was made, the path, scene
    /// and message as text; nothing inside is laid out until the list is opened.
    private static func passedList(_ passed: [FrameCheck], thumbnails: [String: Thumbnail.Shown]) -> String {
        guard !passed.isEmpty else { return "" }
        let entries = passed.map { check in
            let caption =
                "<code>\(XMLText.escape(check.path.replacingOccurrences(of: "\n", with: " ")))</code> — scene "
                + XMLText.escape(check.scene) + ": "
                + XMLText.escape(check.message.replacingOccurrences(of: "\n", with: " "))
            let picture =
                thumbnails[check.path].map {
                    let name = XMLText.escape($0.name)
                    return
                        "<a href=\"\(name)\"><img src=\"\(name)\" alt=\"\" loading=\"lazy\" width=\"\($0.width)\" height=\"\($0.height)\"></a>"
                } ?? ""
            return "<figure>\(picture)<figcaption>\(caption)</figcaption></figure>"
        }
        return
            "<details class=\"passed\"><summary>\(passed.count) passed frame\(passed.count == 1 ? "" : "s")</summary><div class=\"thumbs\">"
            + entries.joined(separator: "\n") + "</div></details>\n"
    }

    /// The page's Content-Security-Policy: its own inline script (by its hash) and style, images from
    /// its own folder, nothing else. Every name is escaped; a second line of defence, as the names
    /// come from pull requests (found by review: none was set).
    static let policy: String = {
        let hex = Array(SHA256.hex(Array(script.utf8)).utf8)
        let digest = stride(from: 0, to: hex.count, by: 2).compactMap {
            UInt8(String(decoding: hex[$0..<$0 + 2], as: UTF8.self), radix: 16)
        }
        return
            "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; script-src 'sha256-\(Data(digest).base64EncodedString())'; base-uri 'none'; form-action 'none'"
    }()

    static let style = """
        body{font:15px/1.45 -apple-system,system-ui,sans-serif;margin:2em;color:#1d1d1f;background:#fafafa}
        h1{font-size:1.5em;margin:0 0 .3em}.summary{margin:0 0 .4em;font-size:1.1em}.keys{color:#666;margin:0 0 1.5em}
        kbd{border:1px solid #bbb;border-radius:3px;padding:0 .3em;background:#fff;font:inherit;font-size:.9em}
        .pass{color:#1a7f37}.fail{color:#cf222e}.ok{color:#1a7f37;font-weight:600}
        .incomplete{color:#cf222e;background:#ffebe9;border:1px solid #cf222e;border-radius:6px;padding:.5em .8em}
        .frame{background:#fff;border:1px solid #ddd;border-left:6px solid #cf222e;border-radius:8px;padding:1em 1.2em;margin:0 0 1.5em;outline:none}
        .frame:focus{box-shadow:0 0 0 3px #0969da55}.frame.problem{border-left-color:#bf8700}h2{font-size:1.15em;margin:0 0 .3em;overflow-wrap:anywhere}
        .status{font-size:.75em;font-weight:600;text-transform:uppercase;color:#cf222e;margin-left:.6em}
        .toolbar{display:flex;gap:.4em;flex-wrap:wrap;align-items:center;margin:.6em 0}
        .toolbar button{font:inherit;padding:.2em .8em;border:1px solid #bbb;border-radius:6px;background:#f6f8fa;cursor:pointer}
        .toolbar button[aria-pressed=true]{background:#0969da;border-color:#0969da;color:#fff}.toolbar label{margin-left:auto}
        .view.side{display:flex;gap:1em;flex-wrap:wrap}.view[hidden]{display:none}figure{margin:0;flex:1 1 30%;min-width:200px}
        figcaption{font-weight:600;margin-bottom:.3em}
        img{max-width:100%;height:auto;border:1px solid #ccc;background:repeating-conic-gradient(#eee 0 25%,#fff 0 50%) 0 0/16px 16px;vertical-align:top}
        .zoomed img{max-width:none;image-rendering:pixelated}.zoomed .view{overflow:auto}
        .stack{position:relative;display:inline-block;max-width:100%}.stack img.top{position:absolute;left:0;top:0;width:100%;height:100%}
        .zoomed .stack{max-width:none}.stack.solo img.top{position:static;clip-path:none!important;opacity:1!important}.stack.solo .handle{display:none}
        .handle{position:absolute;top:0;bottom:0;width:2px;margin-left:-1px;background:#0969da;pointer-events:none}
        .view input[type=range]{display:block;width:100%;max-width:600px;margin:.5em 0}
        .flip{font:inherit;margin:.5em 0;padding:.2em .8em;border-radius:6px;border:1px solid #bbb;background:#f6f8fa;cursor:pointer}
        .none{border:1px dashed #ccc;padding:2em;text-align:center;color:#59636e}code{background:#f0f0f0;padding:0 .3em;border-radius:3px}
        .pick{font-size:.8em;font-weight:400;margin-left:1em;color:#444}.accept-panel{background:#fff;border:1px solid #ddd;border-radius:8px;padding:.5em 1em;margin:0 0 1em;display:flex;gap:.8em;align-items:center;flex-wrap:wrap}
        .accept-panel code{flex:1 1 20em;overflow-wrap:anywhere}
        details.orphans{background:#fff;border:1px solid #ddd;border-radius:8px;padding:.6em 1.2em;margin:0 0 1em}details.orphans summary{cursor:pointer;font-weight:600;color:#9a6700}.orphaned{color:#9a6700}
        .frames{color:#666}details.passed{background:#fff;border:1px solid #ddd;border-radius:8px;padding:.6em 1.2em}
        details.passed summary{cursor:pointer;font-weight:600;color:#1a7f37}
        .thumbs{display:flex;flex-wrap:wrap;gap:.8em;margin:.6em 0 0}.thumbs figure{flex:0 0 240px;min-width:0;font-size:.8em;color:#444;overflow-wrap:anywhere}
        .thumbs img{max-width:240px;max-height:240px}
        .counts{margin:0 0 .6em;display:flex;gap:.8em;flex-wrap:wrap}.count{padding:.1em .6em;border-radius:10px;background:#eee}
        .count.changed{background:#ffebe9}.count.new{background:#fff8c5}.count.deleted{background:#f6f8fa}.count.errors{background:#fff1e5}.count.expectations{background:#fff1e5}.count.passed{background:#dafbe1}
        .scrub{margin:.6em 0}.strip{display:flex;align-items:flex-end;height:40px;gap:1px;background:#f6f8fa;border:1px solid #ddd;padding:2px;cursor:pointer}
        .strip i{flex:1 1 0;min-width:1px;background:#8c959f;display:block}.strip i.fail{background:#cf222e}.strip i.at{outline:2px solid #0969da}
        .scrub-row{display:flex;flex-wrap:wrap;gap:.6em;align-items:center;margin:.3em 0}.scrub-row input{flex:1 1 8em;min-width:0}.scrub-row output{flex:1 1 14em}
        .strip{overflow-x:auto}p,pre,figcaption,code{overflow-wrap:anywhere}pre{white-space:pre-wrap}
        :root{color-scheme:light dark}
        @media (prefers-color-scheme:dark){body{color:#e6edf3;background:#0d1117}
          .frame,details.orphans,details.passed,.accept-panel,kbd{background:#161b22;border-color:#30363d}
          .toolbar button,.flip,.strip{background:#21262d;border-color:#30363d;color:inherit}code{background:#2d333b}
          .keys,.frames,.pick,.thumbs figure,.none{color:#9198a1}.none{border-color:#30363d}
          .pass,.ok,details.passed summary{color:#3fb950}.fail,.status{color:#f85149}.orphaned,details.orphans summary{color:#d29922}
          .count,.count.deleted{background:#21262d}.count.changed{background:#5d0f12}.count.new{background:#4b3800}
          .count.errors,.count.expectations{background:#5a2d00}.count.passed{background:#033a16}
          .incomplete{color:#ffa198;background:#3c0f12;border-color:#f85149}}
        """

    /// Views, zoom, keys, and an animation's strip, scrubber and playback (every view shows the chosen
    /// frame, so expected and actual play in step). Event delegation on the document: one listener
    /// each, whatever the count.
    static let script = """
        (function(){
        var frames=Array.prototype.slice.call(document.querySelectorAll('section.frame')),current=-1;
        function part(s,q){return s.querySelector(q);}
        function img(s,label,cls){var i=document.createElement('img');i.src=s.dataset[label];i.alt=label;i.dataset.label=label;
          if(s.dataset.width){i.width=Number(s.dataset.width);i.height=Number(s.dataset.height);}if(cls)i.className=cls;return i;}
        function stack(s,top){var d=document.createElement('div');d.className='stack';d.appendChild(img(s,'expected'));
          var t=img(s,'actual','top');for(var k in top)t.style[k]=top[k];d.appendChild(t);return d;}
        function range(cls,label){var r=document.createElement('input');r.type='range';r.className=cls;r.min='0';r.max='100';r.value='50';r.setAttribute('aria-label',label);return r;}
        function build(s,view){if(view==='side'||part(s,'.view.'+view))return;
          var v=document.createElement('div');v.className='view '+view;v.hidden=true;
          if(view==='slider'){var st=stack(s,{clipPath:'inset(0 0 0 50%)'}),h=document.createElement('div');h.className='handle';h.style.left='50%';st.appendChild(h);v.appendChild(st);v.appendChild(range('wipe','Slider: expected on the left, actual on the right'));}
          else if(view==='blend'){v.appendChild(stack(s,{opacity:'0.5'}));v.appendChild(range('mix','Blend: opacity of actual over expected'));}
          else if(view==='toggle'){v.appendChild(stack(s,{}));var b=document.createElement('button');b.type='button';b.className='flip';v.appendChild(b);}
          else if(view==='diff'){v.appendChild(img(s,'diff'));var n=document.createElement('p');n.className='none nodiff';v.appendChild(n);}
          s.appendChild(v);visible(s);var z=part(s,'select.zoom').value;if(z!=='fit')zoom(s,z);}
        function show(s,view){if(!part(s,'.toolbar [data-view="'+view+'"]'))return;build(s,view);
          s.querySelectorAll('.view').forEach(function(v){v.hidden=!v.classList.contains(view);});
          s.querySelectorAll('.toolbar [data-view]').forEach(function(b){b.setAttribute('aria-pressed',String(b.dataset.view===view));});
          s.dataset.view=view;}
        function zoom(s,z){s.classList.toggle('zoomed',z!=='fit');part(s,'select.zoom').value=z;
          s.querySelectorAll('img').forEach(function(img){
            if(img.classList.contains('top'))return;
            function apply(){img.style.width=z==='fit'?'':(img.naturalWidth*Number(z))+'px';}
            if(img.complete&&img.naturalWidth)apply();else{img.loading='eager';img.addEventListener('load',apply,{once:true});}});}
        function flip(s){if(!part(s,'.view.toggle'))return;s._flipped=!s._flipped;visible(s);}
        // The chosen frame's images: one missing is hidden, never another frame's left in its place; with no
        // expected the actual stands alone at its size; the toggle and the diff view say what is shown.
        function visible(s){var e=!!s.dataset.expected,a=!!s.dataset.actual,f=frameData(s);
          s.querySelectorAll('img[data-label]').forEach(function(i){var src=s.dataset[i.dataset.label];
            i.hidden=!src||(s._flipped&&e&&i.classList.contains('top')&&!!i.closest('.view.toggle'));if(src&&i.getAttribute('src')!==src)i.src=src;});
          s.querySelectorAll('.stack').forEach(function(d){d.classList.toggle('solo',!e);});
          var b=part(s,'.view.toggle .flip');if(b)b.textContent=!a?'Only in the baseline: no actual frame to show':!e?'Only in the rendering: no expected frame to show':s._flipped?'Showing expected: click, or press t, for actual':'Showing actual: click, or press t, for expected';
          var n=part(s,'.view.diff .nodiff');if(n){n.hidden=!!s.dataset.diff;n.textContent='No diff image'+(f?' for frame '+s.dataset.frame+': '+status(f[Number(s.dataset.frame)]):'');}}
        function status(e){return !e.e&&!e.a?'stills not kept':!e.e?'only in the rendering':!e.a?'only in the baseline':e.d?e.n+' pixels differ'+(e.f?', fails':', within the tolerance'):e.f?'fails (the sizes differ)':'identical';}
        function frameData(s){if(s._frames===undefined){try{s._frames=s.dataset.frames?JSON.parse(s.dataset.frames):null;}catch(x){s._frames=null;}}return s._frames;}
        function firstFailing(f){for(var j=0;j<f.length;j++)if(f[j].f)return j;return 0;}
        function setFrame(s,k){var f=frameData(s);if(!f||!f.length)return;k=Math.max(0,Math.min(f.length-1,k));var e=f[k];
          s.dataset.frame=String(k);s.dataset.expected=e.e||'';s.dataset.actual=e.a||'';s.dataset.diff=e.d||'';visible(s);
          var r=part(s,'.scrub input.frame');if(r)r.value=String(k);
          var o=part(s,'.scrub output');if(o)o.textContent='frame '+k+' of '+f.length+': '+status(e);
          s.querySelectorAll('.strip i').forEach(function(b,j){b.classList.toggle('at',j===k);});}
        function buildScrub(s){var f=frameData(s),box=part(s,'.scrub');if(!f||!f.length||!box||box.firstChild)return;
          var most=1;f.forEach(function(e){if(e.n>most)most=e.n;});
          var strip=document.createElement('div');strip.className='strip';strip.setAttribute('aria-label','pixels that differ, a bar per frame');
          f.forEach(function(e,j){var b=document.createElement('i');b.style.height=(e.n?8+92*Math.log(1+e.n)/Math.log(1+most):2)+'%';
            if(e.f)b.className='fail';b.title='frame '+j+': '+(e.n?e.n+' pixels differ':e.f?'fails (the sizes differ)':'identical');if(e.f&&!e.n)b.style.height='100%';b.dataset.frame=String(j);strip.appendChild(b);});
          var row=document.createElement('div');row.className='scrub-row';
          var play=document.createElement('button');play.type='button';play.className='play';play.textContent='Play';play.title='key space';
          var r=document.createElement('input');r.type='range';r.className='frame';r.min='0';r.max=String(f.length-1);r.step='1';r.setAttribute('aria-label','Frame (keys ← →)');
          row.appendChild(play);row.appendChild(r);row.appendChild(document.createElement('output'));box.appendChild(strip);box.appendChild(row);
          setFrame(s,firstFailing(f));}
        function play(s){var f=frameData(s),b=part(s,'.scrub .play');if(!f||!b)return;
          if(s._timer){clearTimeout(s._timer);s._timer=null;b.textContent='Play';return;}
          b.textContent='Pause';var k=Number(s.dataset.frame||0);
          (function step(){k=(k+1)%f.length;setFrame(s,k);var n=f[(k+1)%f.length];[n.e,n.a,n.d].forEach(function(u){if(u)(new Image()).src=u;});
            s._timer=setTimeout(step,Math.max(10,(f[k].s||1/60)*1000));})();}
        frames.forEach(buildScrub);
        function go(i){if(!frames.length)return;current=(i+frames.length)%frames.length;
          frames[current].scrollIntoView({block:'start'});frames[current].focus({preventScroll:true});}
        function owner(e){var s=e.target.closest&&e.target.closest('section.frame');if(s)current=frames.indexOf(s);return s;}
        document.addEventListener('focusin',owner);
        var panel=document.querySelector('.accept-panel');
        function quote(p){return /^[A-Za-z0-9._\\/+=:,@%-]+$/.test(p)?p:"'"+p.replace(/'/g,"'\\\\''")+"'";}
        function acceptCommand(){if(!panel)return;var boxes=document.querySelectorAll('input.accept'),ticked=[];
          boxes.forEach(function(b){if(b.checked)ticked.push(quote(b.value));});
          var all=document.getElementById('accept-all');all.checked=boxes.length>0&&ticked.length===boxes.length;
          document.getElementById('accept-command').textContent=ticked.length?panel.dataset.command+' '+ticked.join(' '):'tick the frames to accept';
          document.getElementById('accept-copy').disabled=!ticked.length;}
        document.addEventListener('change',function(e){if(e.target.id==='accept-all'){
            document.querySelectorAll('input.accept').forEach(function(b){b.checked=e.target.checked;});acceptCommand();}
          else if(e.target.classList&&e.target.classList.contains('accept'))acceptCommand();});
        document.addEventListener('click',function(e){if(e.target.id!=='accept-copy')return;
          var text=document.getElementById('accept-command').textContent;
          if(navigator.clipboard&&navigator.clipboard.writeText)navigator.clipboard.writeText(text).catch(function(){});
          var range=document.createRange();range.selectNodeContents(document.getElementById('accept-command'));
          var sel=getSelection();sel.removeAllRanges();sel.addRange(range);try{document.execCommand('copy');}catch(x){}});
        document.addEventListener('click',function(e){var s=owner(e);if(!s)return;
          var b=e.target.closest('.toolbar [data-view]');if(b){show(s,b.dataset.view);return;}
          if(e.target.closest('.scrub .play')){play(s);return;}
          var bar=e.target.closest('.strip i');if(bar){setFrame(s,Number(bar.dataset.frame));return;}
          if(e.target.closest('.flip')||e.target.closest('.view.toggle .stack'))flip(s);});
        document.addEventListener('input',function(e){var s=owner(e);if(!s)return;var v=e.target.value;
          if(e.target.classList.contains('wipe')){part(s,'.view.slider img.top').style.clipPath='inset(0 0 0 '+v+'%)';part(s,'.view.slider .handle').style.left=v+'%';}
          if(e.target.classList.contains('mix'))part(s,'.view.blend img.top').style.opacity=String(v/100);
          if(e.target.classList.contains('frame'))setFrame(s,Number(v));});
        document.addEventListener('change',function(e){var s=owner(e);if(s&&e.target.classList.contains('zoom'))zoom(s,e.target.value);});
        document.addEventListener('keydown',function(e){if(e.altKey||e.ctrlKey||e.metaKey)return;
          if(e.target.matches&&e.target.matches('input,select,textarea')&&!/^[jk]$/.test(e.key))return;
          var s=frames[current];
          // Before any frame is chosen, ← and → go to the first animation (space still scrolls the page).
          if(!s&&(e.key==='ArrowLeft'||e.key==='ArrowRight')){s=frames.filter(frameData)[0];if(s)current=frames.indexOf(s);}
          if(s&&frameData(s)&&(e.key==='ArrowLeft'||e.key==='ArrowRight')&&!(e.target.matches&&e.target.matches('input'))){
            setFrame(s,Number(s.dataset.frame||0)+(e.key==='ArrowLeft'?-1:1));e.preventDefault();}
          else if(s&&frameData(s)&&e.key===' '&&!(e.target.matches&&e.target.matches('button,input'))){play(s);e.preventDefault();}
          else if(e.key==='j'||e.key==='n'){go(current+1);e.preventDefault();}
          else if(e.key==='k'||e.key==='p'){go(current<0?frames.length-1:current-1);e.preventDefault();}
          else if(s&&/^[1-5]$/.test(e.key)){var b=s.querySelectorAll('.toolbar [data-view]')[Number(e.key)-1];if(b)show(s,b.dataset.view);}
          else if(s&&e.key==='t'){if(s.dataset.view!=='toggle')show(s,'toggle');else flip(s);}
          else if(s&&e.key==='z'){var order=['fit','1','2','4'],z=part(s,'select.zoom').value;zoom(s,order[(order.indexOf(z)+1)%order.length]);}});
        window.galleryReport={show:show,zoom:zoom,flip:flip,go:go,frames:frames,acceptCommand:acceptCommand,setFrame:setFrame,play:play};
        })();
        """
}
